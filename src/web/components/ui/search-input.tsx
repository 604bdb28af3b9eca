import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input';

/** A search field with the magnifier inside it; `className` places the box, the rest goes to the input. */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={clsx('relative', className)}>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
