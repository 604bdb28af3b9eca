import type { ReactNode } from 'react';

/** The dashed box a card list shows when it has no cards: what happened, what to try, and a way to try it. */
export function NothingFound({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-border p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1 text-muted-foreground">{hint}</p>
      {children}
    </div>
  );
}
