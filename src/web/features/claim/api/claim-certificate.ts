import type { ClaimInput } from '../../../../shared/participation-codes';
import { ApiError } from '../../../api/client';

/**
 * POST /api/claim: the personal certificate as a PDF file. Not through apiRequest, which reads JSON:
 * the answer is the file itself, and only a failure is JSON ({ message }).
 */
export async function claimCertificate(input: ClaimInput): Promise<Blob> {
  const response = await fetch('/api/claim', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response.blob();
}
