import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  unpackTar(readFileSync(inject('pgliteTemplatePath')), dir);
  return dir;
}

/**
 * Writes the folders and files of a tar archive (PGlite's dump: ustar, no links) under dir. PGlite
 * loading the dump did the same after starting a database in the test's process, two seconds of a core
 * for each folder where this takes a tenth of one.
 */
function unpackTar(archive: Buffer, dir: string): void {
  const field = (header: Buffer, start: number, length: number) =>
    header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    const name = field(header, 0, 100);
    if (name === '') break;
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const mode = Number.parseInt(field(header, 100, 8).trim() || '0', 8) & 0o777;
    const target = path.join(dir, prefix, name);
    const type = field(header, 156, 1);
    if (type === '5') mkdirSync(target, { recursive: true, mode });
    else if (type === '0' || type === '') {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, archive.subarray(offset + 512, offset + 512 + size), { mode });
    } else throw new Error(`${name}: a tar entry of type ${type} is not expected in a PGlite dump`);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
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
