import { Suspense, useState, useSyncExternalStore } from 'react';
import { lazyNamed } from '../../lib/lazy-named';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastMessage {
  id: number;
}

let current: ShownToast | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast, replacing the one on screen. Callable from anywhere, including mutation callbacks. */
export function toast(message: ToastMessage): void {
  current = { ...message, id: nextId++ };
  notify();
}

export function dismiss(id: number) {
  if (current?.id === id) {
    current = undefined;
    notify();
  }
}

export function useCurrentToast() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    // A page the server renders has no toast yet.
    () => undefined,
  );
}

// Radix's toast (about 8 KB gzip) loads with the first toast, not with every page; a toast waits for it
// a moment once.
const ToastView = lazyNamed(() => import('./toast-view'), 'ToastView');

export function Toaster() {
  const shown = useCurrentToast();
  // Once there has been a toast the view stays, so a closing toast can still animate out.
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
