// Fills a fresh PGlite folder with the benchmark's catalogue in a process of its own, then exits.
// bench/server.ts runs it so that the bulk inserts, which grow PGlite's WebAssembly memory for good,
// happen outside the server whose memory is measured: a real server starts on data that exists.
// Usage (by bench/server.ts): fork with an IPC channel and the data folder as the one argument.

import { createCalendar } from '../src/server/calendar';
import { openPglite } from '../src/server/db/client';
import { generateBenchData } from './generate';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: generate-process.ts <data folder>');

const database = await openPglite(dataDir);
await database.migrate();
const started = Date.now();
const fixture = await generateBenchData(database.db, createCalendar('Europe/Moscow').today());
const generatedInMs = Date.now() - started;
await database.close();
process.send?.({ fixture, generatedInMs }, () => process.exit(0));
