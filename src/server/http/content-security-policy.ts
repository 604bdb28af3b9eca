import { createHash } from 'node:crypto';
import type { HelmetOptions } from 'helmet';
import { appStartScript, themeInitScript } from '../../shared/inline-scripts';

const hashSource = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The CSP sources that admit the page's own inline scripts, and no other. */
export const inlineScriptSources = [themeInitScript, appStartScript].map(hashSource);

/** What pages may load and run; `secure` adds upgrade-insecure-requests for HTTPS deployments. */
export function contentSecurityPolicy(secure: boolean): HelmetOptions['contentSecurityPolicy'] {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptSources],
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
