import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
export const testAdmin = { username: 'admin', password: 'admin-secret-1' };

/** The real server's process, from its spawn on. */
export interface SpawnedServer {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** The first match of `text` in the output, as soon as it is printed; rejects if the process ends first. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Sends the signal and resolves as `exited` does. */
  stop(signal: NodeJS.Signals): Promise<number | string>;
}

/** A server that has said where it listens. */
export interface ServerProcess extends SpawnedServer {
  url: string;
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it) in its own process on a free port, for
 * the tests that kill, restart or double it, or watch it start. PGlite in `dataDir`, or PostgreSQL at
 * `databaseUrl`; without the demo content unless `env` asks for it.
 */
export function spawnServer(
  options: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> } = {},
): SpawnedServer {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    ADMIN_USERNAME: testAdmin.username,
    ADMIN_PASSWORD: testAdmin.password,
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    // These tests kill, restart and double servers; each start hashes the administrator's password.
    SCRYPT_N: '1024',
    DATABASE_URL: options.databaseUrl ?? '',
    DATA_DIR: options.dataDir ?? '',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const printed = new EventEmitter();
  for (const stream of [child.stdout, child.stderr]) {
    // Decoded as a stream: a Cyrillic letter split between two chunks would otherwise turn into two «�».
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output += chunk;
      printed.emit('data');
    });
  }
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);

  /** The text as printed, or for a pattern its first group (or whole match); undefined until it is printed. */
  const printedText = (text: string | RegExp): string | undefined => {
    if (typeof text === 'string') return output.includes(text) ? text : undefined;
    const match = text.exec(output);
    return match ? (match[1] ?? match[0]) : undefined;
  };
  const waitFor = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const found = printedText(text);
        if (found === undefined) return;
        stopLooking();
        resolve(found);
      };
      const timer = setTimeout(() => {
        stopLooking();
        reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      const stopLooking = () => {
        clearTimeout(timer);
        printed.off('data', look);
      };
      printed.on('data', look);
      look();
      void exited.then((code) => {
        stopLooking();
        reject(new Error(`server exited with ${code} before "${text}":\n${output}`));
      });
    });

  return {
    child,
    output: () => output,
    exited,
    waitFor,
    stop(signal) {
      child.kill(signal);
      return exited;
    },
  };
}

/**
 * A new PGlite data folder holding the run's migrated, empty database (global-setup.ts). A server started
 * on it neither creates a cluster nor migrates, which on two busy cores took most of a minute a start;
 * only the tests of a first start on an empty folder need one (startup.test.ts).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  await (await PGlite.create(dir, { loadDataDir: template })).close();
  return dir;
}

/** The address the server listens at, once it prints it. */
export function listening(server: SpawnedServer, timeoutMs?: number): Promise<string> {
  return server.waitFor(/Сайт работает: (http:\/\/\S+)/, timeoutMs);
}

/** The real server in its own process, once it listens: see spawnServer. */
export async function startServer(options: Parameters<typeof spawnServer>[0] = {}): Promise<ServerProcess> {
  const server = spawnServer(options);
  return { ...server, url: await listening(server) };
}

/** The session cookie value from a fetch answer's Set-Cookie, or undefined. */
export function sidOf(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^sid=([^;]+)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/** A JSON request to a server process, with the session cookie when given. */
export function call(
  server: ServerProcess,
  method: string,
  path: string,
  options: { sid?: string; body?: unknown } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.sid) headers.cookie = `sid=${options.sid}`;
  return fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}
