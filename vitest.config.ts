import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest keeps a core for itself by default, which on two cores ran the files one at a time; its own
    // process is idle while they run (the whole run: 735 s in one worker, 543 s in two, CPU 97 % busy).
    maxWorkers: availableParallelism(),
  },
});
