import { Button } from './ui/button';

/** What a screen shows instead of its data when loading failed: the reason and a way to try again. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-8 text-center">
      <p>{text}</p>
      <Button variant="outline" className="mt-2" onClick={onRetry}>
        Попробовать снова
      </Button>
    </div>
  );
}
