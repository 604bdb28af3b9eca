/**
 * The API's first addresses of applications, from when the code called them registrations; the
 * specification and clients written against it still use them (docs/decisions/087). Each is answered
 * by the route at its current address: the request is routed as if it had asked for that one, so the
 * answer, its cache entry and its rate limit are the same.
 */
const oldAddresses: readonly (readonly [RegExp, string])[] = [
  [/^\/api\/my-registrations(?=[/?]|$)/, '/api/my-applications'],
  [/^\/api\/admin\/registrations(?=[/?]|$)/, '/api/admin/applications'],
  [/^\/api\/events\/([^/?]+)\/registration-status(?=\?|$)/, '/api/events/$1/application-status'],
  [/^\/api\/events\/([^/?]+)\/cancel-registration(?=\?|$)/, '/api/events/$1/cancel-application'],
];

/** The address a request is routed by: its own, or the current one of an old address. */
export function currentAddress(url: string): string {
  for (const [old, current] of oldAddresses) if (old.test(url)) return url.replace(old, current);
  return url;
}
