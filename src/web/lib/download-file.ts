import { ApiError } from '../api/client';

/** The Russian name the server gave the file (RFC 6266's filename*), else its ASCII name. */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed name: the plain one below, or the fallback
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

/**
 * Downloads a file the API makes (a spreadsheet, a PDF) and saves it under the name the server gave it,
 * or `fallbackName`. Fetched rather than opened as a link, so that a refusal shows as a Russian message
 * (an ApiError with the server's `{ message }`) instead of a page of JSON.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const blob = await response.blob();
  const address = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers still read the address after the click returns; kept for a while, then let go.
  setTimeout(() => URL.revokeObjectURL(address), 10_000);
}
