/**
 * RFC 8058: a mail provider unsubscribes by POSTing the single field `List-Unsubscribe=One-Click` to the
 * address in a letter's `List-Unsubscribe` header, as multipart/form-data (which the RFC recommends) or
 * as application/x-www-form-urlencoded. These are the only form bodies the site reads.
 */
export const oneClickContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;

const field = { name: 'List-Unsubscribe', value: 'One-Click' };

/** Whether `body`, sent with `contentType`, holds that one field and nothing else. */
export function isOneClickBody(contentType: string, body: string): boolean {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    const fields = [...new URLSearchParams(body.trim())];
    return fields.length === 1 && fields[0]?.[0] === field.name && fields[0][1] === field.value;
  }
  const boundary = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const delimiter = boundary?.[1] ?? boundary?.[2];
  if (!delimiter) return false;
  // One part between the opening delimiter and the closing one: `--b CRLF head CRLF CRLF value CRLF --b--`.
  const parts = body.split(`--${delimiter}`);
  if (parts.length !== 3 || parts[0]?.trim() !== '' || !parts[2]?.startsWith('--')) return false;
  const part = /^\r?\n([\s\S]*?)\r?\n\r?\n([\s\S]*?)\r?\n$/.exec(parts[1] ?? '');
  if (!part) return false;
  const [, head = '', value = ''] = part;
  const named = /^content-disposition:\s*form-data;\s*name="?([^";\r\n]+)"?\s*$/im.exec(head);
  return named?.[1] === field.name && value === field.value;
}
