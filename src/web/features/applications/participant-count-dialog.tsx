import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import type { ParticipantCountDialogProps } from './participant-count-dialog-view';

// The dialog checks the number with the server's own rule, a zod schema: loading it with the dialog
// keeps the schema library (25 KB gzip) out of the applications pages' first load (issue 27).
const ParticipantCountDialogView = lazyNamed(
  () => import('./participant-count-dialog-view'),
  'ParticipantCountDialogView',
);

/** A small dialog with one number of pupils; it opens once its code has arrived, a moment after the click. */
export function ParticipantCountDialog(props: ParticipantCountDialogProps) {
  return (
    <Suspense fallback={null}>
      <ParticipantCountDialogView {...props} />
    </Suspense>
  );
}
