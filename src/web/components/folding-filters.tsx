import { clsx } from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from './ui/button';

/**
 * A filter panel that folds away behind a button on narrow screens, where it would be as tall as a
 * screen or two, and always shows on wide ones. Each list says where narrow ends through the classes.
 */
export function FoldingFilters({
  showLabel,
  hideLabel,
  buttonClassName,
  panelClassName,
  foldedClassName,
  children,
}: {
  showLabel: string;
  hideLabel: string;
  buttonClassName: string;
  panelClassName: string;
  /** What hides the panel while folded: on narrow screens only. */
  foldedClassName: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <Button
        variant="outline"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <SlidersHorizontal aria-hidden />
        {open ? hideLabel : showLabel}
      </Button>
      <div id={panelId} className={clsx(panelClassName, !open && foldedClassName)}>
        {children}
      </div>
    </>
  );
}
