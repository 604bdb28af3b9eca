import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';

// Classes passed to a button are added, never merged: one that contradicts a class here would win or
// lose by its place in the stylesheet. A different look is a variant.
export const buttonVariants = cva(
  'inline-flex items-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-green-800 focus-visible:outline-primary',
        outline: 'border border-border bg-background hover:bg-muted focus-visible:outline-primary',
        ghost: 'hover:bg-muted focus-visible:outline-primary',
        destructive: 'bg-destructive text-white hover:bg-red-800 focus-visible:outline-primary',
        link: 'text-primary underline-offset-4 hover:underline focus-visible:outline-primary',
        // On the green panel the usual green focus ring would vanish, so it is white there.
        onPrimary:
          'border border-white bg-white text-green-900 hover:bg-green-50 focus-visible:outline-white',
        outlineOnPrimary: 'border border-white/70 text-white hover:bg-white/15 focus-visible:outline-white',
      },
      size: {
        md: 'h-10 px-4 py-2 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 text-sm',
      },
      /** Where the label sits: centred, or at the start of a full-width button in a list of actions. */
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', align: 'center' },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  /** Renders the child element (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, align, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={clsx(buttonVariants({ variant, size, align }), className)} {...props} />;
}
