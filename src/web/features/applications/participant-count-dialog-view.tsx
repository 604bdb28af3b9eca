import { type FormEvent, type RefObject, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { parseParticipantCount } from './participant-count';

export interface ParticipantCountDialogProps {
  title: string;
  description: string;
  label: string;
  hint: string;
  initial: number;
  /** The highest number allowed here; none when only the cap of one application holds. */
  max: number | undefined;
  tooMany: string;
  confirmText: string;
  cancelText: string;
  busy: boolean;
  onSubmit: (count: number) => void;
  onClose: () => void;
  /** The button that opened the dialog: the keyboard goes back there when it closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * A small dialog with one number of pupils: the foundation approving part of an application, the school
 * changing its own. It checks the number before sending; the caller sends it and closes the dialog.
 */
export function ParticipantCountDialogView({
  title,
  description,
  label,
  hint,
  initial,
  max,
  tooMany,
  confirmText,
  cancelText,
  busy,
  onSubmit,
  onClose,
  returnFocusTo,
}: ParticipantCountDialogProps) {
  const [text, setText] = useState(String(initial));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseParticipantCount(text, max, tooMany);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(undefined);
    onSubmit(parsed.count);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={title} description={description} returnFocusTo={returnFocusTo}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label={label} hint={hint} error={error}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {cancelText}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {confirmText}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
