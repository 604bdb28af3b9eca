import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { type Db, openPglite, wrapPglite } from '../db/client';
import { dataDirMessages } from '../db/data-dir';
import {
  appState,
  foundations,
  images,
  news,
  notifications,
  rateLimits,
  sessions,
  users,
} from '../db/schema';
import { storeImage } from '../images/service';
import { mailSigningKey } from '../mail/signing-key';
import { readUnsubscribeToken, unsubscribeToken } from '../mail/unsubscribe-token';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import {
  createTestApp,
  createTestDatabase,
  signUp,
  type TestContext,
  type TestDatabase,
} from '../test/test-app';
import { BackupError, backupMessages, ephemeralTables, restoreBackup, writeBackup } from './backup';
import { backupKeyFileName } from './backup-key';
import { serverPidFile } from './server-lock';

/** Migrations in the source tree, which a fresh database has applied. */
const migrationCountNow = (
  JSON.parse(readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function backedUpTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name).filter((name) => !ephemeralTables.includes(name));
}

/** Per table: the row count and an md5 of every row's text, in a fixed order. */
async function checksums(db: Db, tables: string[]) {
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await rowsOf<{ n: number; sum: string }>(
      db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum
          from ${sql.identifier(table)} t`,
    );
    result[table] = `${row?.n}:${row?.sum}`;
  }
  return result;
}

const countOf = async (db: Db, table: string) =>
  Number(
    (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n,
  );

const trickyText =
  'Субботник «Чистый берег» — "кавычки", \'апострофы\', \\обратная черта\nвторая строка\tтаб';

const dirs: string[] = [];
const freshDir = (prefix = 'backup-test-') => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** The site's backup key, as BACKUP_KEY or the data folder's key file holds it. */
const backupKeyText = randomBytes(32).toString('base64url');
const backupKey = Buffer.from(backupKeyText);

/** The signature a backup's end line carries: HMAC-SHA256 of every line before it, each with its newline. */
const signatureOf = (lines: string[], key = backupKey) =>
  createHmac('sha256', key)
    .update(lines.map((line) => `${line}\n`).join(''))
    .digest('hex');

/**
 * Rewrites the lines of a backup file into a new one. `resign` signs the changed lines with the site's
 * key, as a file made that way would carry, so that what follows the signature is tested; `forge` does
 * what anyone without the key can: it writes the unkeyed SHA-256 of the changed lines into the end line.
 */
function rewriteBackup(
  file: string,
  change: (lines: string[]) => string[],
  { resign = false, forge = false } = {},
) {
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
  let changed = change(lines);
  if (resign || forge) {
    const endIndex = changed.findIndex((line) => line.startsWith('{"end":true'));
    const end = JSON.parse(changed[endIndex] ?? '{}');
    const before = changed.slice(0, endIndex);
    const text = before.map((line) => `${line}\n`).join('');
    const seal = resign
      ? { hmacSha256: signatureOf(before) }
      : {
          sha256: createHash('sha256').update(text).digest('hex'),
          hmacSha256: createHash('sha256').update(text).digest('hex'),
        };
    changed = [...before, JSON.stringify({ ...end, ...seal }), ...changed.slice(endIndex + 1)];
  }
  const target = path.join(freshDir(), 'changed.jsonl.gz');
  writeFileSync(target, gzipSync(changed.join('\n')));
  return target;
}

let source: TestContext;
let target: TestDatabase;
let tables: string[];
let backupFile: string;
let sourceSums: Record<string, string>;

beforeAll(async () => {
  source = await createTestApp();
  const db = source.database.db;
  // Accounts made through the API: users, sessions, empty profiles.
  const foundationAccount = await signUp(source.app, 'foundation');
  await signUp(source.app, 'school');

  const png = await sharp({ create: { width: 7, height: 5, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  const image = await storeImage(db, png);
  const foundation = await createFoundation(db, {
    name: trickyText,
    directions: ['ecology', 'health', 'art'],
    description: `${trickyText}\n\nи ещё абзац`,
  });
  await db.update(foundations).set({ logoImageId: image.id }).where(eq(foundations.id, foundation.id));
  const event = await createEvent(db, foundation.id, { title: trickyText, date: '2026-12-31' });
  const school = await createSchool(db);
  await createApplication(db, {
    eventId: event.id,
    schoolId: school.id,
    participantCount: 4,
    status: 'approved',
  });
  await db.insert(news).values({ title: 'Новость', content: trickyText, imageId: image.id });
  await db
    .insert(notifications)
    .values({ userId: foundationAccount.user.id, kind: 'test', text: trickyText });
  await db
    .update(users)
    .set({ notificationsReadAt: new Date('2026-03-01T09:34:56.789Z') })
    .where(eq(users.id, foundationAccount.user.id));
  await db.execute(
    sql`update users set created_at = '2025-01-02 03:04:05.123456+03' where id = ${foundationAccount.user.id}`,
  );
  await db.insert(appState).values({ key: 'backup-test', value: trickyText });
  await db.insert(rateLimits).values({ key: 'test', count: 3, resetAt: new Date() });

  tables = await backedUpTables(db);
  sourceSums = await checksums(db, tables);
  backupFile = path.join(freshDir(), 'backup.jsonl.gz');
  await writeBackup(db, backupFile, backupKey);

  target = await createTestDatabase();
  // Something to be replaced: an account with a session, and a foundation.
  await createFoundation(target.db, { name: 'Будет удалён' });
  const [user] = await target.db
    .insert(users)
    .values({ username: 'old_user', passwordHash: 'x', role: 'school' })
    .returning();
  if (!user) throw new Error('no user');
  await target.db
    .insert(sessions)
    .values({ idHash: 'old', userId: user.id, expiresAt: new Date(Date.now() + 1e6) });
}, 60_000);

afterAll(async () => {
  await source?.close();
  await target?.release();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes a gzip’ed JSON-lines file with a header, without sessions and rate limits', () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0] ?? '{}');
    expect(header).toMatchObject({
      format: 'volunteer-schools-backup',
      version: 3,
      migrations: migrationCountNow,
    });
    const names = header.tables.map((table: { name: string }) => table.name);
    expect(names).not.toContain('sessions');
    expect(names).not.toContain('rate_limits');
    expect([...names].sort()).toEqual(tables);
    // Parents before children.
    expect(names.indexOf('users')).toBeLessThan(names.indexOf('foundations'));
    expect(names.indexOf('images')).toBeLessThan(names.indexOf('foundations'));
    expect(names.indexOf('events')).toBeLessThan(names.indexOf('registrations'));
    expect(JSON.parse(lines.at(-1) ?? '{}')).toEqual({
      end: true,
      tables: names.length,
      hmacSha256: signatureOf(lines.slice(0, -1)),
    });
    expect(existsSync(`${backupFile}.partial`)).toBe(false);
  });

  it('is readable and writable by its owner only: it holds every password hash', () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
  });

  it('restores every table into another database, row for row', async () => {
    const summary = await restoreBackup(target.db, backupFile, backupKey);
    expect(summary.tables.find((table) => table.name === 'events')?.rows).toBe(1);
    expect(await checksums(target.db, tables)).toEqual(sourceSums);
    expect(await countOf(target.db, 'sessions')).toBe(0);
    expect(await countOf(target.db, 'rate_limits')).toBe(0);

    const [image] = await target.db.select().from(images);
    const [original] = await source.database.db.select().from(images);
    expect(image?.data.equals(original?.data ?? Buffer.alloc(0))).toBe(true);
    expect((await sharp(image?.data).metadata()).width).toBe(7);
    const [foundation] = await target.db.select().from(foundations).where(eq(foundations.name, trickyText));
    expect(foundation?.directions).toEqual(['ecology', 'health', 'art']);
  });

  it('continues every sequence after the restored ids', async () => {
    const maxId = async (table: string) =>
      Number(
        (
          await rowsOf<{ id: number }>(
            target.db,
            sql`select max(id)::int as id from ${sql.identifier(table)}`,
          )
        )[0]?.id,
      );
    const usersBefore = await maxId('users');
    const [user] = await target.db
      .insert(users)
      .values({ username: 'after_restore', passwordHash: 'x', role: 'school' })
      .returning();
    expect(user?.id).toBeGreaterThan(usersBefore);
    const imagesBefore = await maxId('images');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await storeImage(target.db, png)).id).toBeGreaterThan(imagesBefore);
  });

  describe('refusals leave the target unchanged', () => {
    let before: Record<string, string>;
    beforeAll(async () => {
      before = await checksums(target.db, tables);
    });
    const expectUnchanged = async () => expect(await checksums(target.db, tables)).toEqual(before);

    it('refuses a file that is not gzip', async () => {
      const file = path.join(freshDir(), 'garbage.jsonl.gz');
      writeFileSync(file, 'это не резервная копия');
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        new BackupError(backupMessages.notABackup),
      );
      await expectUnchanged();
    });

    it('refuses a gzip’ed file of another format', async () => {
      const file = path.join(freshDir(), 'foreign.jsonl.gz');
      writeFileSync(file, gzipSync('{"format":"something-else","version":1}\n'));
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(backupMessages.notABackup);
      await expectUnchanged();
    });

    it('refuses a cut-off file', async () => {
      const file = rewriteBackup(backupFile, (lines) => lines.slice(0, -6));
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(backupMessages.truncated);
      await expectUnchanged();
    });

    it('refuses a file whose content no longer matches its checksum', async () => {
      const file = rewriteBackup(backupFile, (lines) =>
        lines.map((line) => line.replace('"participant_count":4', '"participant_count":40')),
      );
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        new BackupError(backupMessages.signatureMismatch),
      );
      await expectUnchanged();
    });

    it('refuses a backup changed and given the SHA-256 of its new content, as anyone could', async () => {
      const file = rewriteBackup(
        backupFile,
        (lines) => lines.map((line) => line.replace('"participant_count":4', '"participant_count":40')),
        { forge: true },
      );
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        new BackupError(backupMessages.signatureMismatch),
      );
      await expectUnchanged();
    });

    it('refuses a whole backup signed with another key', async () => {
      await expect(restoreBackup(target.db, backupFile, randomBytes(32))).rejects.toThrow(
        new BackupError(backupMessages.signatureMismatch),
      );
      await expectUnchanged();
    });

    it('refuses a backup of the format without a key', async () => {
      const file = rewriteBackup(backupFile, (lines) =>
        lines.map((line, index) => {
          if (index === 0) return JSON.stringify({ ...JSON.parse(line), version: 2 });
          if (!line.startsWith('{"end":true')) return line;
          const { hmacSha256: _signature, ...end } = JSON.parse(line);
          return JSON.stringify({ ...end, sha256: 'a'.repeat(64) });
        }),
      );
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        new BackupError(backupMessages.withoutKey),
      );
      await expectUnchanged();
    });

    it('refuses a backup of the format before checksums', async () => {
      const file = rewriteBackup(backupFile, ([header = '{}', ...rest]) => [
        JSON.stringify({ ...JSON.parse(header), version: 1 }),
        ...rest.map((line) =>
          line.startsWith('{"end":true') ? JSON.stringify({ ...JSON.parse(line), sha256: undefined }) : line,
        ),
      ]);
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        new BackupError(backupMessages.withoutChecksum),
      );
      await expectUnchanged();
    });

    it('rolls back when the database refuses a row', async () => {
      // The header and the first tables are fine: the failure comes after the truncate and some inserts.
      const file = rewriteBackup(
        backupFile,
        (lines) =>
          lines.map((line) =>
            line.includes('"participant_count":4')
              ? line.replace('"participant_count":4', '"participant_count":-1')
              : line,
          ),
        { resign: true },
      );
      const error = await restoreBackup(target.db, file, backupKey).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        /^Восстановление отменено, база не изменена: .*check constraint/,
      );
      expect((error as Error).message).not.toContain('params');
      await expectUnchanged();
    });

    it('refuses a backup made with another number of migrations', async () => {
      const file = rewriteBackup(
        backupFile,
        ([header = '{}', ...rest]) => [
          JSON.stringify({ ...JSON.parse(header), migrations: migrationCountNow + 1 }),
          ...rest,
        ],
        { resign: true },
      );
      await expect(restoreBackup(target.db, file, backupKey)).rejects.toThrow(
        backupMessages.migrationsMismatch(migrationCountNow + 1, migrationCountNow),
      );
      await expectUnchanged();
    });
  });
});

describe('the mail key of the site a backup is restored into', () => {
  it('is new when the backup comes from another site: unsubscribe links of neither site work there', async () => {
    const sourceKey = await mailSigningKey(source.database.db);
    const file = path.join(freshDir(), 'other-site.jsonl.gz');
    await writeBackup(source.database.db, file, backupKey);
    const other = await createTestDatabase();
    try {
      const otherKey = await mailSigningKey(other.db);
      const otherLink = unsubscribeToken(otherKey, 1, 'moderation');
      await restoreBackup(other.db, file, backupKey);
      const restoredKey = await mailSigningKey(other.db);
      expect(readUnsubscribeToken(restoredKey, unsubscribeToken(sourceKey, 1, 'moderation'))).toBeUndefined();
      expect(readUnsubscribeToken(restoredKey, otherLink)).toBeUndefined();
    } finally {
      await other.release();
    }
  });

  it('is the backup’s own when restored into a new, empty database: the site comes back with its links', async () => {
    const sourceKey = await mailSigningKey(source.database.db);
    const file = path.join(freshDir(), 'same-site.jsonl.gz');
    await writeBackup(source.database.db, file, backupKey);
    const fresh = await createTestDatabase();
    try {
      await restoreBackup(fresh.db, file, backupKey);
      const link = unsubscribeToken(sourceKey, 1, 'moderation');
      expect(readUnsubscribeToken(await mailSigningKey(fresh.db), link)).toEqual({
        userId: 1,
        kind: 'moderation',
      });
    } finally {
      await fresh.release();
    }
  });
});

/** `npm run backup` / `npm run restore` as a process. */
function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/operations/cli.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('command line', () => {
  // Three processes, two of which open a database: slow on a busy machine.
  it('backs up one PGlite data directory and restores it into another', { timeout: 300_000 }, async () => {
    const sourceDir = freshDir('backup-cli-source-');
    // A copy of the migrated template is quicker than migrating; the restore below migrates a new folder.
    const template = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const sourceDb = wrapPglite(await PGlite.create(sourceDir, { loadDataDir: template }));
    await createFoundation(sourceDb.db, { name: trickyText });
    await sourceDb.close();

    const file = path.join(freshDir(), 'nested', 'cli.jsonl.gz');
    const backup = await runCli(['backup', file], { DATABASE_URL: '', DATA_DIR: sourceDir, BACKUP_KEY: '' });
    expect(backup.output).toContain(`База данных: встроенная PGlite в ${sourceDir}`);
    expect(backup.output).toMatch(/foundations\s+1 строка/);
    expect(backup.code, backup.output).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(serverPidFile(sourceDir))).toBe(false);

    // The key is made on the first backup, in the data folder, outside every backup.
    const keyFile = path.join(sourceDir, backupKeyFileName);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const targetDir = freshDir('backup-cli-target-');
    const keyless = await runCli(['restore', file], {
      DATABASE_URL: '',
      DATA_DIR: targetDir,
      BACKUP_KEY: '',
    });
    expect(keyless.code).toBe(1);
    expect(keyless.output.trim()).toBe(backupMessages.noKey(path.join(targetDir, backupKeyFileName)));
    writeFileSync(path.join(targetDir, backupKeyFileName), readFileSync(keyFile), { mode: 0o600 });
    const restore = await runCli(['restore', file], {
      DATABASE_URL: '',
      DATA_DIR: targetDir,
      BACKUP_KEY: '',
    });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('Готово');

    const restored = await openPglite(targetDir);
    try {
      const rows = await restored.db.select({ name: foundations.name }).from(foundations);
      expect(rows).toEqual([{ name: trickyText }]);
      expect(await countOf(restored.db, 'users')).toBe(1);
    } finally {
      await restored.close();
    }

    const missing = await runCli(['restore', path.join(targetDir, 'нет.jsonl.gz')], {
      DATABASE_URL: '',
      DATA_DIR: targetDir,
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('Файл не найден');
  });

  it('refuses a tampered backup before it opens or creates a database', { timeout: 120_000 }, async () => {
    const tampered = rewriteBackup(backupFile, (lines) =>
      lines.map((line) => line.replace('"participant_count":4', '"participant_count":40')),
    );
    const dataDir = path.join(freshDir('backup-cli-tampered-'), 'data');
    const result = await runCli(['restore', tampered], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      BACKUP_KEY: backupKeyText,
    });
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(backupMessages.signatureMismatch);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses a PGlite data directory that holds files but no whole database, and leaves it as it was', {
    timeout: 120_000,
  }, async () => {
    const dataDir = freshDir('backup-cli-not-a-database-');
    writeFileSync(path.join(dataDir, 'notes.txt'), 'не база данных');
    const listing = () =>
      readdirSync(dataDir).map((name) => {
        const stats = lstatSync(path.join(dataDir, name));
        return { name, size: stats.size, mtimeMs: stats.mtimeMs };
      });
    const before = listing();
    const file = path.join(freshDir(), 'never.jsonl.gz');
    const backup = await runCli(['backup', file], { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(backup.code).toBe(1);
    expect(backup.output.trim()).toBe(dataDirMessages.notADatabase(dataDir));
    expect(existsSync(file)).toBe(false);
    const restore = await runCli(['restore', backupFile], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      BACKUP_KEY: backupKeyText,
    });
    expect(restore.code).toBe(1);
    expect(restore.output.trim()).toBe(dataDirMessages.notADatabase(dataDir));
    expect(listing()).toEqual(before);
  });

  it('refuses to touch a PGlite data directory a running server holds', async () => {
    const dataDir = freshDir('backup-cli-locked-');
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => server.on('exit', resolve));
    try {
      writeFileSync(serverPidFile(dataDir), `${server.pid}\n`);
      const file = path.join(freshDir(), 'locked.jsonl.gz');
      const result = await runCli(['backup', file], { DATABASE_URL: '', DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.output.trim()).toBe(
        `Сервер запущен (процесс ${server.pid}) и держит базу в ${dataDir}: остановите его перед резервным копированием.`,
      );
      expect(existsSync(file)).toBe(false);
    } finally {
      server.kill('SIGKILL');
      await exited;
    }
  });

  it.runIf(Boolean(loadConfig().databaseUrl))('backs up and restores PostgreSQL databases', async () => {
    const from = await createTestDatabase();
    const to = await createTestDatabase();
    try {
      await createFoundation(from.db, { name: trickyText });
      const fromTables = await backedUpTables(from.db);
      const file = path.join(freshDir(), 'pg.jsonl.gz');
      const backup = await runCli(['backup', file], {
        DATABASE_URL: from.url ?? '',
        BACKUP_KEY: backupKeyText,
      });
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('База данных: PostgreSQL');
      const restore = await runCli(['restore', file], {
        DATABASE_URL: to.url ?? '',
        BACKUP_KEY: backupKeyText,
      });
      expect(restore.code, restore.output).toBe(0);
      expect(await checksums(to.db, fromTables)).toEqual(await checksums(from.db, fromTables));
    } finally {
      await from.release();
      await to.release();
    }
  });
});
