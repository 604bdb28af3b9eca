import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite's files admit one process: a second one opening the same DATA_DIR would damage the database.
 * The process holding the directory (the server, or a backup or restore run) writes its pid into
 * `<DATA_DIR>/server.pid`, and anything else that wants the directory checks it first.
 */
export const serverPidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks the data directory as held by this process. */
export function writeServerPid(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(serverPidFile(dataDir), `${process.pid}\n`);
}

/** Removes the mark, but only when it is this process's: a later holder's mark stays. */
export function removeServerPid(dataDir: string): void {
  if (readPid(dataDir) === process.pid) rmSync(serverPidFile(dataDir), { force: true });
}

/**
 * The pid of another live process holding the data directory, or undefined when there is none: no
 * file, an unreadable one, this very process, or a process that has exited (a crash leaves the file).
 */
export function runningServerPid(dataDir: string): number | undefined {
  const pid = readPid(dataDir);
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function readPid(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(serverPidFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
