// Builds the production bundle: the web app with Vite into dist/web, the server with esbuild into
// dist/server (dependencies stay in node_modules), and the SQL migrations beside the server bundle.
import { cpSync, rmSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';

export async function buildAll() {
  const started = Date.now();
  rmSync('dist', { recursive: true, force: true });
  await viteBuild({ configFile: 'vite.config.ts', logLevel: 'warn' });
  await esbuild({
    entryPoints: ['src/server/main.ts'],
    outfile: 'dist/server/main.js',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
  console.log(`Сборка готова за ${((Date.now() - started) / 1000).toFixed(1)} с`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
