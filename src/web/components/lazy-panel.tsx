import { type ReactNode, Suspense } from 'react';
import { Spinner } from './ui/spinner';

/**
 * A tab whose code loads when it is first opened. Meanwhile a spinner as tall as a tab's first screen
 * keeps the footer out of sight, so nothing jumps into view and out again when the tab arrives.
 */
export function LazyPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner className="min-h-96" />}>{children}</Suspense>;
}
