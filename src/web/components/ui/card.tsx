import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

// Classes passed to a card are added, never merged (see button.tsx); its padding is a variant.
const cardVariants = cva('rounded-xl border border-border bg-card shadow-sm', {
  variants: {
    padding: {
      md: 'p-6',
      /** Narrower on a phone, where a form needs the width more than the margin. */
      responsive: 'p-4 sm:p-6',
      sm: 'p-4',
    },
  },
  defaultVariants: { padding: 'md' },
});

export interface CardProps extends ComponentProps<'div'>, VariantProps<typeof cardVariants> {}

export function Card({ className, padding, ...props }: CardProps) {
  return <div className={clsx(cardVariants({ padding }), className)} {...props} />;
}
