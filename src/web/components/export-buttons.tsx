import { Download } from 'lucide-react';
import { useState } from 'react';
import { type ExportFormat, exportFormats, exportMessages } from '../../shared/export-words';
import { downloadFile } from '../lib/download-file';
import { toastFailure } from '../lib/failure-toast';
import { Button } from './ui/button';

const labels: Record<ExportFormat, string> = {
  csv: exportMessages.downloadCsv,
  xlsx: exportMessages.downloadXlsx,
};

/**
 * «Скачать CSV» and «Скачать Excel» beside a list: `addressOf` gives the export's address with the
 * list's current filters; the file is saved under the server's Russian name, and a refusal is a toast.
 */
export function ExportButtons({
  addressOf,
  fileTitle,
  label,
}: {
  addressOf: (format: ExportFormat) => string;
  /** The name to save under when the server gives none. */
  fileTitle: string;
  /** What the group of buttons downloads, for screen readers («Заявки»). */
  label: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | undefined>();
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(addressOf(format), `${fileTitle}.${format}`);
    } catch (error) {
      toastFailure(error, exportMessages.failed, exportMessages.failed);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <fieldset className="flex flex-wrap gap-2" aria-label={label} aria-busy={busy !== undefined}>
      {exportFormats.map((format) => (
        <Button
          key={format}
          type="button"
          variant="outline"
          size="sm"
          disabled={busy !== undefined}
          onClick={() => void download(format)}
        >
          <Download aria-hidden="true" />
          {busy === format ? exportMessages.downloading : labels[format]}
        </Button>
      ))}
    </fieldset>
  );
}
