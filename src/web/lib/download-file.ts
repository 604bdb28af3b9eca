import { commonErrors } from '../../shared/errors';

const offline = 'Нет связи с сервером. Проверьте подключение к интернету';

/** The Russian `message` of a refused download, when the server sent one. */
async function refusalOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // not JSON: no server message
  }
  return undefined;
}

/** The name the server gave the file (RFC 6266's filename*, else filename), if any. */
function fileNameOf(response: Response): string | undefined {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a broken name: the plain one or the fallback will do
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}

/**
 * Saves a file the API makes (a PDF, a spreadsheet) under the session cookie. Fetched rather than
 * followed as a link, so that a refusal reads as the server's Russian message in a toast instead of raw
 * JSON in a new tab: the Error thrown carries that message.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include' });
  } catch {
    throw new Error(offline);
  }
  if (!response.ok) {
    throw new Error(
      (await refusalOf(response)) ??
        (response.status === 401 ? commonErrors.unauthorized : commonErrors.internal),
    );
  }
  const file = await response.blob();
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileNameOf(response) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers still read the address after the click returns; kept for a while, then let go.
  setTimeout(() => URL.revokeObjectURL(address), 10_000);
}
