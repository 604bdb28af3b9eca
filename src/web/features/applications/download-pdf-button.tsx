import { Printer } from 'lucide-react';
import { useState } from 'react';
import { commonErrors } from '../../../shared/errors';
import { Button } from '../../components/ui/button';
import { toastFailure } from '../../lib/failure-toast';

/** A button that saves a printable PDF; while it is being made the button waits, a refusal is a toast. */
export function DownloadPdfButton({
  label,
  failed,
  download,
}: {
  label: string;
  /** The toast's title when the file cannot be had; the server's reason is its text. */
  failed: string;
  download: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      toastFailure(error, failed, commonErrors.internal);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={busy} aria-busy={busy} onClick={() => void save()}>
      <Printer aria-hidden />
      {label}
    </Button>
  );
}
