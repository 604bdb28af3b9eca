import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { dismiss, useCurrentToast } from './toast-store';

/** public-area.md section 9: one toast at a time, 5000 ms, up to 420 px wide, swipe right 50 px. */
const toastDuration = 5000;

export function ToastView() {
  const shown = useCurrentToast();
  return (
    <ToastPrimitive.Provider
      duration={toastDuration}
      swipeDirection="right"
      swipeThreshold={50}
      label="Уведомление"
    >
      {shown ? (
        <ToastPrimitive.Root
          key={shown.id}
          onOpenChange={(open) => {
            if (!open) dismiss(shown.id);
          }}
          className={clsx(
            'group relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            shown.variant === 'destructive'
              ? 'border-red-700 bg-destructive text-white'
              : 'border-border bg-card text-foreground',
          )}
        >
          <div className="grid min-w-0 gap-1 wrap-anywhere">
            <ToastPrimitive.Title className="text-sm font-semibold">{shown.title}</ToastPrimitive.Title>
            {shown.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {shown.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Закрыть"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      {/* Radix names the region «Notifications (F8)» unless told otherwise; screen readers read it out. */}
      <ToastPrimitive.Viewport
        label="Уведомления ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-[420px] flex-col p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
