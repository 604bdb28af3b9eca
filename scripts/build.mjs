// Builds the production bundle: the web app with Vite into dist/web, and once more into dist/ssr for
// the server to render public pages with; the server with esbuild into dist/server (dependencies stay
// in node_modules), and the SQL migrations and functions beside the server bundle.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

const compressible = /\.(js|css|html|svg|txt|json)$/;

/**
 * Writes file.br and file.gz beside every text file of the web app, at the highest levels, once per
 * build; the server sends whichever the browser accepts (@fastify/static preCompressed) instead of
 * compressing on every request. Tiny files and those that do not shrink stay uncompressed only.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !compressible.test(entry.name) || file.includes(`${path.sep}.vite${path.sep}`)) {
      continue;
    }
    const content = readFileSync(file);
    if (content.length < 256) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: zlib.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}

export async function buildAll() {
  const started = Date.now();
  rmSync('dist', { recursive: true, force: true });
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  precompress('dist/web');
  // The same app for the server to render public pages with (src/web/entry-server.tsx), every
  // dependency inside, so the server needs nothing of the web app's packages at run time.
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: 'entry-server.tsx',
      outDir: '../../dist/ssr',
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  // Each worker thread is a module of its own, found beside main.js by its name (src/server/worker-file.ts):
  // the embedded database's and the PDF pool's.
  await esbuild({
    entryPoints: {
      main: 'src/server/main.ts',
      'pglite-worker': 'src/server/db/pglite/worker.ts',
      'pdf-worker': 'src/server/documents/pdf-worker.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
  cpSync('src/server/db/functions', 'dist/server/functions', { recursive: true });
  console.log(`Сборка готова за ${((Date.now() - started) / 1000).toFixed(1)} с`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
