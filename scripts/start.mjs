// `npm start`: builds the production bundle when it is missing or older than the sources, then serves it.
// The build runs in a process of its own, and the server runs in this one when node was started with the
// server's flags and environment (as `npm start` does): one server process, not a wrapper that keeps the
// build's memory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverEnvironment, serverNodeFlags } from './node-flags.mjs';

const builtFile = 'dist/server/main.js';
const sourceEntries = ['src', 'package.json', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs'];

function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

function isBuildStale() {
  if (!existsSync(builtFile) || !existsSync('dist/web/index.html')) return true;
  const builtAt = statSync(builtFile).mtimeMs;
  return sourceEntries.some((entry) => existsSync(entry) && newestChange(entry) > builtAt);
}

if (isBuildStale()) {
  console.log('Собираю production-версию…');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const startedAsServer =
  serverNodeFlags.every((flag) => process.execArgv.includes(flag)) &&
  Object.entries(serverEnvironment).every(([name, value]) => process.env[name] === value);
if (startedAsServer) {
  await import(pathToFileURL(path.resolve(builtFile)).href);
} else {
  // Started as `node scripts/start.mjs`, without the flags and environment the server needs: they can
  // only be given to a new process.
  const server = spawn(process.execPath, [...serverNodeFlags, builtFile], {
    stdio: 'inherit',
    env: { ...process.env, ...serverEnvironment },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
