import { clsx } from 'clsx';
import { LoaderCircle } from 'lucide-react';

export function Spinner({ className, label = 'Загрузка…' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={clsx('flex items-center justify-center p-8', className)}>
      <LoaderCircle aria-hidden className="size-8 animate-spin text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
