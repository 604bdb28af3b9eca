// The app process of the export benchmark (bench/exports.ts): the real application on a PGlite folder
// bench/exports.ts filled beforehand, with the memory reading bench/server.ts has. Started as an esbuild
// bundle on plain Node with production's flags, as bench/api.ts starts bench/server.ts.

import { buildApp } from '../src/server/app';
import { createPasswordHasher } from '../src/server/auth/password';
import { createCalendar } from '../src/server/calendar';
import { openPglite } from '../src/server/db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: export-server <PGlite folder>');
// The folder bench/exports.ts has just made: nothing to warn about its permissions.
const database = await openPglite(dataDir, () => {});
const app = await buildApp({
  db: database.db,
  hasher: createPasswordHasher(),
  calendar: createCalendar('Europe/Moscow'),
  changes: database.changes,
  rateLimitCounts: 'memory',
});
app.get('/bench/memory', async () => process.memoryUsage());
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('disconnect', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
