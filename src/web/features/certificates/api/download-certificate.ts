import { useMutation } from '@tanstack/react-query';
import { certificateFileName } from '../../../../shared/certificates';
import type { Period } from '../../../../shared/school-year';
import { downloadFile } from '../../../lib/download-file';

/** Saves the school's certificate for a period; a refusal (409 for a period without events) is an ApiError. */
export function downloadCertificate(period: Period): Promise<void> {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return downloadFile(`/api/school/certificate.pdf?${query}`, certificateFileName(period));
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
