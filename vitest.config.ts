import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * Most test files share their worker's modules: each file re-importing the server (about 3 s each) was
 * 40 % of the run (545 s with a module graph per file, 326 s shared). The files that depend on a module
 * or global loaded afresh keep a graph of their own: the browser code's (the API client's transport and
 * zod's settings are module state the server's page drawing also sets) and any that replaces a module
 * with vi.mock.
 */
const ownModules = ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx', 'src/server/auth/password.test.ts'];

/*
 * The slowest files, most of them small ones that start servers in processes of their own. Vitest runs
 * the files it timed before slowest first; in a fresh clone (CI) it has no timings and runs the largest
 * files first, which left these for last, one worker on each while the other had nothing left to do.
 */
const slowestFiles = [
  'src/server/startup.test.ts',
  'src/server/security/hostile-input.test.ts',
  'src/server/operations/backup.test.ts',
  'src/server/reliability/process-lifecycle.test.ts',
  'src/server/db/pglite/thread.test.ts',
  'src/server/mail/outbox-restart.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = slowestFiles.findIndex((slow) => file.moduleId.endsWith(slow));
      return index < 0 ? slowestFiles.length : index;
    };
    // Array.prototype.sort is stable: the others keep vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: SlowestFirst },
    // Vitest keeps a core for itself by default, which on two cores ran the files one at a time while its
    // own process idled (the whole run: 735 s in one worker, 543 s in two, CPU 97 % busy).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared modules',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ownModules,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'own modules', include: ownModules } },
    ],
  },
});
