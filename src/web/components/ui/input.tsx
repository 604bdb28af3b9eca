import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={clsx(
        'h-10 w-full rounded-md border border-border bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-primary aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={clsx(
        'min-h-24 w-full rounded-md border border-border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-primary aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** The browser's own list, which phones show as their native picker, dressed as the other fields. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={clsx(
        'h-10 w-full rounded-md border border-border bg-background px-3 text-base outline-none focus-visible:ring-2 focus-visible:ring-primary aria-invalid:border-destructive sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}
