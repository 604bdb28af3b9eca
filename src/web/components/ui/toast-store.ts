import { useSyncExternalStore } from 'react';

// The toast on screen, apart from the view, so that the view loaded later and every caller share it.

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
