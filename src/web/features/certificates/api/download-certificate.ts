import { useMutation } from '@tanstack/react-query';
import { certificateFileName } from '../../../../shared/certificates';
import type { Period } from '../../../../shared/school-year';
import { ApiError } from '../../../api/client';

/**
 * Fetches the certificate and saves it as a file. Through fetch rather than a link, so that a refusal
 * (409 for a period without events, 400 for a bad period) shows its Russian message on the page instead
 * of the browser opening the raw JSON.
 */
export async function downloadCertificate(period: Period): Promise<void> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  const response = await fetch(`/api/school/certificate.pdf?${query}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = certificateFileName(period);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's download already; a moment later it is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
