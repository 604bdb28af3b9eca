import { russianZodMessage } from '../../shared/zod-messages';

// zod probes `new Function` when it builds an object schema, to compile a faster parser. The CSP
// (script-src 'self', no 'unsafe-eval') refuses it and the browser reports a violation on every page
// load; the interpreted parser is fast enough for forms. main.tsx imports this module first, before
// any schema exists. The same settings give zod's own rules Russian messages, as on the server (app.ts):
// zod fills in English only when no locale is set yet.
// NOTE: zod keeps its settings on globalThis.__zod_globalConfig (shared by every copy of zod) and
// adopts an object already there; setting it directly keeps zod itself out of the initial bundle.
// zod-csp.test.ts checks that zod still reads it.
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = {
  ...zodHolder.__zod_globalConfig,
  jitless: true,
  localeError: russianZodMessage,
};
