import { Button } from './ui/button';

const retryLabel = 'Попробовать снова';

/** What a screen shows instead of its data when loading failed: the reason and a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-8 text-center">
      <p>{text}</p>
      <Button variant="outline" className="mt-2" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

const frames = {
  /** In a card where a list's cards would stand. */
  list: 'rounded-xl border border-border bg-card p-8 text-center',
  /** In the middle of a page that has nothing else to show. */
  page: 'mx-auto max-w-xl px-4 py-16 text-center',
};

/** A failure that takes the place of a whole card list or page, so it is told louder than LoadError. */
export function FramedLoadError({
  text,
  frame,
  retrying,
  onRetry,
}: {
  text: string;
  frame: keyof typeof frames;
  retrying?: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className={frames[frame]}>
      <p className="font-medium">{text}</p>
      <Button className="mt-4" variant="outline" disabled={retrying} onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}
