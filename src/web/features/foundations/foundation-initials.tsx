import { clsx } from 'clsx';
import { initialsOf } from '../../lib/placeholder';

/** A foundation without a logo is shown by its initials, which fit any size, unlike its full name. */
export function FoundationInitials({ name, className }: { name: string; className?: string }) {
  return (
    <span data-initials="" className={clsx('font-bold tracking-wide', className)}>
      {initialsOf(name)}
    </span>
  );
}
