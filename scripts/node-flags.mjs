/**
 * The flags Node runs the server with, in production (scripts/start.mjs) and in the API benchmark
 * (bench/api.ts), so that the benchmark measures the process production runs.
 *
 * --max-semi-space-size=4: V8's young generation grows to three 16 MB semi-spaces under load and keeps
 * them; capped at 4 MB, the server's RSS after the API benchmark fell by about 30 MB with the same
 * share of the machine's ceiling (the ceiling runs in the same process, with the same flag).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-semi-space-size=4'];
