import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url));
export const testAdmin = { username: 'admin', password: 'admin-secret-1' };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it) in its own process on a free port, for
 * the tests that kill, restart or double it. PGlite in `dataDir`, or PostgreSQL at `databaseUrl`.
 */
export async function startServer(
  options: { dataDir?: string; databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
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
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${output}`)), 60_000);
    const look = () => {
      const match = /Сайт работает: (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', look);
      resolve(match[1]);
    };
    child.stdout?.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it started:\n${output}`));
    });
  });
  return { url, child, output: () => output, exited };
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
