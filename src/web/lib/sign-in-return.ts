/**
 * Where sign-in sends a visitor back to. The target travels in the address (/auth?next=…), where anyone
 * can write a link with their own: only a path on this site is accepted, so the sign-in form can never
 * forward a freshly signed-in visitor to another site or run a javascript: address.
 */

/** The query parameter of /auth that names the page to return to. */
export const nextParam = 'next';

// Anything that is not a plain path: no scheme, no host (`//host`, `/\host`, which browsers read as
// `//host`), no whitespace or control characters (the URL parser drops tabs and line breaks, which turns
// `/\t/host` into `//host`).
const plainPath = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
const invisible = /[\s\p{Cc}]/gu;
const hostStart = /^\/[/\\]/;
const localOrigin = 'http://same-site.invalid';
/** Far above any address of the site, far below what would bloat the sign-in page's address. */
const maxLength = 2048;

/**
 * The same-site path (with its query and #fragment) that `raw` names, or undefined for anything else:
 * another host, a scheme, a backslash, and the same written percent-encoded or made up of dot segments.
 */
export function safeNextPath(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > maxLength || !plainPath.test(raw)) return undefined;
  // Percent-encoded slashes, backslashes and tabs are as good as real ones to a server or proxy that
  // decodes them, so the decoded form must not start a host either.
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (hostStart.test(decoded.replace(invisible, ''))) return undefined;
  const url = new URL(raw, localOrigin);
  if (url.origin !== localOrigin) return undefined;
  // Dot segments resolve away (`/..//host` is the path `//host`): the resolved path must still be plain.
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return plainPath.test(resolved) ? resolved : undefined;
}

/** The sign-in page that returns to `from` (a path of this site) once the visitor has signed in. */
export function signInAddress(from: string): string {
  return `/auth?${new URLSearchParams({ [nextParam]: from })}`;
}
