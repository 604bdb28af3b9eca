import path from 'node:path';

/**
 * The folder the journey writes to: SCREENSHOTS_DIR, or a new one per run under screenshots/out, named
 * by the time the run started (UTC), so two runs can be compared side by side. The config computes it
 * once; the worker that takes the pictures inherits the variable and so agrees on it.
 */
process.env.SCREENSHOTS_DIR = path.resolve(
  process.env.SCREENSHOTS_DIR ??
    path.join(import.meta.dirname, 'out', new Date().toISOString().slice(0, 19).replaceAll(':', '-')),
);
export const outputDir = process.env.SCREENSHOTS_DIR;
