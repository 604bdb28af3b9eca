import type { ReactNode } from 'react';

/** The dashed box a list shows instead of its items when it has none. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}
