import { createHash } from 'node:crypto';
import type { HelmetOptions } from 'helmet';
import { themeInitScript } from '../../shared/theme-init';

/** The CSP source that admits the page's theme script, and no other inline script. */
export const themeInitScriptSource = `'sha256-${createHash('sha256').update(themeInitScript).digest('base64')}'`;

/** What pages may load and run; `secure` adds upgrade-insecure-requests for HTTPS deployments. */
export function contentSecurityPolicy(secure: boolean): HelmetOptions['contentSecurityPolicy'] {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", themeInitScriptSource],
      // Radix primitives position popovers with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: secure ? [] : null,
    },
  };
}
