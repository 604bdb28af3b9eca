import { readFileSync } from 'node:fs';

/**
 * The flags Node runs the server with, in production (`npm start`, which passes them to the one node
 * process it starts) and in the API benchmark (bench/api.ts), so that the benchmark measures the
 * process production runs. They live in package.json's `config.serverNodeFlags`, because the start
 * script has to put them on node's own command line: a process cannot change its heap limits later.
 *
 * --max-semi-space-size=4: V8's young generation grows to three 16 MB semi-spaces under load and keeps
 * them; capped at 4 MB, the server's RSS after the API benchmark fell by about 30 MB with the same
 * share of the machine's ceiling (the ceiling runs in the same process, with the same flag).
 *
 * --max-old-space-size=512: V8 sizes the old generation's limit from the machine's memory, and on a
 * large machine (4 GB of heap on a 24 GB one) lets it grow to four times the live data between full
 * collections; under 1 GB its growth factor is lower. The server holds about 35 MB of live data and at
 * most 32 MB of cached answers, so 512 MB leaves room many times over, and its heap no longer swells
 * with garbage: after the API benchmark 55-62 MB instead of 56-119 MB. Buffers and PGlite's
 * WebAssembly memory are outside this limit.
 */
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const serverNodeFlags = packageJson.config.serverNodeFlags.split(' ');

/**
 * The environment the server process starts with, from package.json's `config.serverEnvironment`.
 *
 * MALLOC_MMAP_THRESHOLD_=131072: glibc serves blocks over 128 KB from mmap, which go back to the system
 * when freed. Without it glibc raises the threshold as large blocks come and go, and libvips's decode
 * buffers land in heaps that glibc keeps: eight uploads at once took the server from ~300 to 524-590 MB
 * and it stayed there; with it the peak was 293-395 MB and fell back
 * (docs/decisions/020-server-memory-flags.md). glibc reads it when the process starts, so it cannot be set
 * from inside.
 *
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates under contention an arena of its own (up to
 * eight per core), and memory freed into one is not reused by another. The server's threads (the main
 * one, PGlite's, libuv's pool, libvips's) filled several; with two, one per core, the API benchmark on
 * PGlite ended at 319 MB instead of 333, and eight large uploads at once peaked at 388 MB instead of
 * 449 and fell back to 311 instead of 371, with every line's rate within a few per cent either way.
 */
export const serverEnvironment = Object.fromEntries(
  packageJson.config.serverEnvironment.split(' ').map((pair) => pair.split('=')),
);
