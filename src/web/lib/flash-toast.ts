import { type ToastMessage, toast } from '../components/ui/toast';

const storageKey = 'flash-toast';

/** Keeps a toast across a full page load, such as the hard redirect to / after signing out. */
export function toastAfterReload(message: ToastMessage): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(message));
  } catch {
    // Private mode without storage: the toast is simply not shown.
  }
}

export function showFlashToast(): void {
  try {
    const saved = sessionStorage.getItem(storageKey);
    if (!saved) return;
    sessionStorage.removeItem(storageKey);
    toast(JSON.parse(saved) as ToastMessage);
  } catch {
    // A broken entry is dropped.
  }
}
