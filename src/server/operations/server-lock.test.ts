import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeServerPid, runningServerPid, serverPidFile, writeServerPid } from './server-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'server-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('server pid file', () => {
  it('writes and removes this process’s pid, which never counts as another running server', () => {
    const dir = path.join(freshDir(), 'data');
    writeServerPid(dir);
    expect(readFileSync(serverPidFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(runningServerPid(dir)).toBeUndefined();
    removeServerPid(dir);
    expect(existsSync(serverPidFile(dir))).toBe(false);
    removeServerPid(dir);
  });

  it('reports a live process, and forgets it once it has exited', async () => {
    const dir = freshDir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      writeFileSync(serverPidFile(dir), `${child.pid}\n`);
      expect(runningServerPid(dir)).toBe(child.pid);
      // Another process's mark stays.
      removeServerPid(dir);
      expect(existsSync(serverPidFile(dir))).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(runningServerPid(dir)).toBeUndefined();
  });

  it('ignores a missing or unreadable file', () => {
    const dir = freshDir();
    expect(runningServerPid(dir)).toBeUndefined();
    writeFileSync(serverPidFile(dir), 'не число');
    expect(runningServerPid(dir)).toBeUndefined();
  });
});
