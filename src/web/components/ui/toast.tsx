import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { useCurrentToast } from './toast-store';

export { type ToastMessage, toast } from './toast-store';

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
