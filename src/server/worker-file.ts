import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

/** The server's worker threads: each entry's source, and the name its file has beside a bundle. */
export const workerEntries = {
  'pglite-worker': 'src/server/db/pglite/worker.ts',
  'pdf-worker': 'src/server/documents/pdf-worker.ts',
} as const;
export type WorkerName = keyof typeof workerEntries;

const builtFromSources = new Map<WorkerName, URL>();

/**
 * The file a worker thread runs. In a bundle it is built beside it with the same extension
 * (scripts/build.mjs, bench/api.ts from `workerEntries`). From the sources (tests, the bench, `npm run
 * dev`) it is TypeScript, which a thread of Node 20 cannot load, and tsx's loader does not reach threads
 * there: esbuild, which tsx and vitest run on anyway, builds it into node_modules/.cache, where its own
 * imports resolve as from the sources. Synchronous, so that a pool can start a thread the moment work
 * arrives; built once per process.
 */
export function workerFile(name: WorkerName): URL {
  const extension = path.extname(fileURLToPath(import.meta.url));
  if (extension !== '.ts') return new URL(`./${name}${extension}`, import.meta.url);
  const built = builtFromSources.get(name);
  if (built) return built;
  const root = new URL('../../', import.meta.url);
  // Loaded only here: esbuild is a development dependency, absent where the bundle runs.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const output = buildSync({
    entryPoints: [fileURLToPath(new URL(workerEntries[name], root))],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  const code = output.outputFiles[0]?.contents ?? new Uint8Array();
  // Named by its content and written whole before it takes the name: test files start servers in
  // parallel, and none may load another's half-written file.
  const fileName = `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
  const outfile = fileURLToPath(new URL(`node_modules/.cache/${fileName}`, root));
  if (!existsSync(outfile)) {
    mkdirSync(path.dirname(outfile), { recursive: true });
    const partial = `${outfile}.${process.pid}.${threadId}`;
    writeFileSync(partial, code);
    renameSync(partial, outfile);
  }
  const url = pathToFileURL(outfile);
  builtFromSources.set(name, url);
  return url;
}
