import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../db/client';
import { mailSigningKeyName } from '../mail/signing-key';

/**
 * A logical backup made through the app's own driver, the same on PGlite and PostgreSQL (no pg_dump).
 *
 * The file is gzip'ed JSON lines:
 *   {"format":"volunteer-schools-backup","version":2,"createdAt":…,"migrations":N,"tables":[{name,columns,rows}]}
 *   {"table":"images","rows":2}          then that many rows, each as Postgres's row_to_json renders it
 *   …                                     one such section per table, parents before children
 *   {"end":true,"tables":T,"hmacSha256":H} so that a cut-off file is told from a whole one
 *
 * H is the HMAC-SHA256 (hex) of every line before the end line, each with its newline, as UTF-8, under
 * the site's backup key (backup-key.ts), which no backup holds: an unkeyed checksum proved only that the
 * file was whole, since whoever edits a file can compute the checksum of the edit again. It travels
 * inside the file, so it cannot be lost on the way; a restore checks it before it touches the database
 * (docs/decisions/079-backup-hmac-key.md). Version 1 files carry no checksum and version 2 an unkeyed one:
 * both are refused. The file is written with mode 0600: it holds every password hash.
 *
 * row_to_json writes bytea as "\\x…", timestamps with their offset, arrays as JSON arrays; on restore
 * json_populate_recordset turns them back, so Postgres does every type conversion on both drivers.
 *
 * Not backed up: `sessions` (a backup must not carry live session ids; after a restore everybody signs
 * in again) and `rate_limits` (short-lived counters). A restore empties them.
 */
export const backupFormat = 'volunteer-schools-backup';
export const backupVersion = 3;
/** The formats before the signature, named in their refusals. */
const versionWithoutChecksum = 1;
const versionWithoutKey = 2;
export const ephemeralTables: readonly string[] = ['sessions', 'rate_limits'];

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupHeader {
  format: typeof backupFormat;
  version: typeof backupVersion;
  createdAt: string;
  migrations: number;
  tables: BackupTable[];
}

export interface BackupSummary {
  migrations: number;
  tables: Array<{ name: string; rows: number }>;
}

export interface RestoreSummary extends BackupSummary {
  /** The backup came from another site: its mail key was replaced, so no earlier unsubscribe link works. */
  mailKeyRenewed: boolean;
}

/** The mail key (mail/signing-key.ts) a database holds, if it made one yet. */
async function mailKeyOf(tx: DbOrTx): Promise<string | undefined> {
  const [row] = await rowsOf<{ value: string }>(
    tx,
    sql`select value from app_state where key = ${mailSigningKeyName}`,
  );
  return row?.value;
}

/** A refusal or a broken file, with a message for the person running the command. */
export class BackupError extends Error {}

export const backupMessages = {
  missingFile: (file: string) => `Файл не найден: ${file}`,
  notABackup: 'Файл не является резервной копией платформы или повреждён',
  truncated: 'Файл резервной копии повреждён или обрывается: восстановление отменено, база не изменена',
  signatureMismatch:
    'Подпись резервной копии не сходится: файл изменён или повреждён после записи либо подписан ключом ' +
    'другого сервера (BACKUP_KEY или файл backup.key в папке данных). Восстановление отменено, база не изменена',
  noKey: (file: string) =>
    'Нет ключа резервных копий: задайте BACKUP_KEY или скопируйте файл backup.key из папки данных ' +
    `сервера, сделавшего копию, в ${file}. Восстановление отменено, база не изменена`,
  withoutKey:
    'Резервная копия прежнего формата (версия 2) не подписана ключом, и её подлинность нельзя проверить: ' +
    'восстановите её той версией приложения, которой она сделана',
  withoutChecksum:
    'Резервная копия прежнего формата (версия 1) не содержит контрольной суммы, и её целость нельзя ' +
    'проверить: восстановите её той версией приложения, которой она сделана',
  migrationsMismatch: (backup: number, target: number) =>
    `Резервная копия сделана на другой версии схемы базы (миграций в копии: ${backup}, в базе: ${target}): ` +
    'восстановите её той версией приложения, которой она сделана',
  unknownTable: (table: string) => `В резервной копии есть таблица «${table}», которой нет в базе`,
  columnsMismatch: (table: string) => `Столбцы таблицы «${table}» в резервной копии и в базе различаются`,
  failed: (reason: string) => `Восстановление отменено, база не изменена: ${reason}`,
};

/**
 * What went wrong, in one line: the driver's own message, not drizzle's wrapper, which repeats the
 * query and its parameters (here: whole chunks of rows).
 */
export function errorReason(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
  if (!(current instanceof Error)) return String(current);
  return current.message || (current as NodeJS.ErrnoException).code || current.name;
}

export async function migrationCount(db: DbOrTx): Promise<number> {
  const [exists] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return 0;
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

interface Column {
  table: string;
  column: string;
  serial: boolean;
  /** Computed by the database: neither written to a backup nor restored from one. */
  generated: boolean;
}

/**
 * Columns that triggers keep from other tables' rows (migration 0008). They are counted anew as those rows
 * are restored, after their own table: restoring the saved value as well counted every event twice.
 */
const derivedColumns = new Set(['foundations.events_count']);

/** The base tables of schema public with their columns, in an order where parents precede children. */
async function describeTables(db: DbOrTx) {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const columns = await rowsOf<Column>(
    db,
    sql`select table_name as "table", column_name as "column",
          (coalesce(column_default, '') like 'nextval(%' or is_identity = 'YES') as serial,
          (is_generated = 'ALWAYS') as generated
        from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const primaryKeys = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select cl.relname as "table", a.attname as "column"
        from pg_index i
        join pg_class cl on cl.oid = i.indrelid
        join pg_namespace n on n.oid = cl.relnamespace
        join pg_attribute a on a.attrelid = cl.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public'
        order by cl.relname, array_position(i.indkey::int2[], a.attnum)`,
  );

  const names = tables.map((table) => table.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent) parents.get(child)?.add(parent);
  // Kahn's algorithm, alphabetical among the ready ones; a cycle (none today) keeps the rest in name order.
  const ordered: string[] = [];
  const remaining = new Set(names);
  while (remaining.size > 0) {
    const ready = [...remaining].filter((name) =>
      [...(parents.get(name) ?? [])].every((parent) => !remaining.has(parent)),
    );
    for (const name of ready.length > 0 ? ready : [...remaining]) {
      ordered.push(name);
      remaining.delete(name);
    }
  }

  return {
    ordered,
    columnsOf: (table: string) =>
      columns
        .filter((column) => column.table === table)
        .map((column) => ({
          ...column,
          generated: column.generated || derivedColumns.has(`${column.table}.${column.column}`),
        })),
    primaryKeyOf: (table: string) =>
      primaryKeys.filter((key) => key.table === table).map((key) => key.column),
  };
}

/** Fetches as many rows at once as make about this many characters, between 1 and 1000 rows. */
const pageChars = 4_000_000;
const maxPageRows = 1000;

/**
 * Writes a backup of every table except the ephemeral ones. It reads one snapshot (a repeatable-read
 * transaction), so a backup of a PostgreSQL database in use is consistent. The file appears only when
 * complete: it is written beside it first and renamed at the end.
 */
export async function writeBackup(db: Db, file: string, key: Buffer): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  try {
    const summary = await db.transaction(
      async (tx) => {
        const { ordered, columnsOf, primaryKeyOf } = await describeTables(tx);
        const tables: BackupTable[] = [];
        for (const name of ordered) {
          if (ephemeralTables.includes(name)) continue;
          const [counted] = await rowsOf<{ n: number | string }>(
            tx,
            sql`select count(*)::int as n from ${sql.identifier(name)}`,
          );
          const columns = columnsOf(name)
            .filter((column) => !column.generated)
            .map((column) => column.column);
          tables.push({ name, columns, rows: Number(counted?.n ?? 0) });
        }
        const header: BackupHeader = {
          format: backupFormat,
          version: backupVersion,
          createdAt: new Date().toISOString(),
          migrations: await migrationCount(tx),
          tables,
        };

        const seal = createHmac('sha256', key);
        const sealed = (text: string) => {
          seal.update(text);
          return text;
        };
        async function* lines() {
          yield sealed(`${JSON.stringify(header)}\n`);
          for (const table of tables) {
            yield sealed(`${JSON.stringify({ table: table.name, rows: table.rows })}\n`);
            const key = primaryKeyOf(table.name);
            const order =
              key.length > 0
                ? sql` order by ${sql.join(
                    key.map((column) => sql`t.${sql.identifier(column)}`),
                    sql`, `,
                  )}`
                : sql``;
            await tx.execute(
              sql`declare backup_rows no scroll cursor for
                  select row_to_json(t)::text as line from ${sql.identifier(table.name)} t${order}`,
            );
            let written = 0;
            let pageRows = 100;
            for (;;) {
              const page = await rowsOf<{ line: string }>(
                tx,
                sql`fetch forward ${sql.raw(String(pageRows))} from backup_rows`,
              );
              if (page.length === 0) break;
              let chars = 0;
              for (const { line } of page) chars += line.length;
              written += page.length;
              yield sealed(`${page.map(({ line }) => line).join('\n')}\n`);
              pageRows = Math.max(1, Math.min(maxPageRows, Math.floor(pageChars / (chars / page.length))));
            }
            await tx.execute(sql`close backup_rows`);
            if (written !== table.rows)
              throw new Error(`table ${table.name}: counted ${table.rows}, read ${written}`);
          }
          yield `${JSON.stringify({ end: true, tables: tables.length, hmacSha256: seal.digest('hex') })}\n`;
        }

        // A partial file left by a crash keeps its mode when opened again: start from none.
        rmSync(partial, { force: true });
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
        return {
          migrations: header.migrations,
          tables: tables.map(({ name, rows }) => ({ name, rows })),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    renameSync(partial, file);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The lines of a gzip'ed file, one at a time; a damaged file raises BackupError. */
async function* readLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  gunzip.setEncoding('utf8');
  let buffered = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (buffered + chunk).split('\n');
      buffered = parts.pop() ?? '';
      yield* parts;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(backupMessages.missingFile(file));
    if (code?.startsWith('Z_')) throw new BackupError(backupMessages.notABackup);
    throw error;
  } finally {
    source.destroy();
  }
  if (buffered !== '') yield buffered;
}

function parseLine(line: string | undefined, message: string): Record<string, unknown> {
  if (line === undefined) throw new BackupError(message);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupError(message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BackupError(message);
  return value as Record<string, unknown>;
}

function parseHeader(line: string | undefined): BackupHeader {
  const header = parseLine(line, backupMessages.notABackup);
  if (header.format === backupFormat && header.version === versionWithoutChecksum)
    throw new BackupError(backupMessages.withoutChecksum);
  if (header.format === backupFormat && header.version === versionWithoutKey)
    throw new BackupError(backupMessages.withoutKey);
  const tables = header.tables;
  if (
    header.format !== backupFormat ||
    header.version !== backupVersion ||
    typeof header.migrations !== 'number' ||
    !Array.isArray(tables) ||
    !tables.every(
      (table: unknown) =>
        typeof table === 'object' &&
        table !== null &&
        typeof (table as BackupTable).name === 'string' &&
        Number.isInteger((table as BackupTable).rows) &&
        Array.isArray((table as BackupTable).columns) &&
        (table as BackupTable).columns.every((column) => typeof column === 'string'),
    )
  )
    throw new BackupError(backupMessages.notABackup);
  return header as unknown as BackupHeader;
}

/** The end line's signature, checked against the HMAC of the lines before it. */
function checkEnd(line: string | undefined, tables: number, seal: string) {
  const end = parseLine(line, backupMessages.truncated);
  if (end.end !== true || end.tables !== tables || typeof end.hmacSha256 !== 'string')
    throw new BackupError(backupMessages.truncated);
  const given = Buffer.from(end.hmacSha256);
  const expected = Buffer.from(seal);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new BackupError(backupMessages.signatureMismatch);
}

/**
 * Reads a whole backup file without touching any database: its header, and its signature against its
 * content. A file that is not a backup, is cut off, was changed after it was written or was signed with
 * another key is refused.
 */
export async function verifyBackup(file: string, key: Buffer): Promise<BackupHeader> {
  const lines = readLines(file);
  try {
    const first = await lines.next();
    const header = parseHeader(first.done ? undefined : first.value);
    const seal = createHmac('sha256', key);
    let previous = first.value as string;
    for await (const line of lines) {
      seal.update(`${previous}\n`);
      previous = line;
    }
    checkEnd(previous, header.tables.length, seal.digest('hex'));
    return header;
  } finally {
    await lines.return(undefined);
  }
}

/** Inserts this many rows, or this many characters of them, with one statement. */
const chunkRows = 1000;
const chunkChars = 4_000_000;

/**
 * Replaces every row of the database with the backup's, in one transaction: a refusal or any error
 * leaves the database as it was. The file's checksum is checked first, and again over the lines the
 * restore reads, so a file changed in between cannot slip in. The target must have as many migrations applied as the source had.
 * Sessions and rate-limit counters are emptied, and every serial sequence continues after the
 * restored ids.
 */
export async function restoreBackup(db: Db, file: string, key: Buffer): Promise<RestoreSummary> {
  const lines = readLines(file);
  try {
    await verifyBackup(file, key);
    const seal = createHmac('sha256', key);
    const next = async (sealed = true) => {
      const result = await lines.next();
      if (result.done) return undefined;
      if (sealed) seal.update(`${result.value}\n`);
      return result.value;
    };
    const header = parseHeader(await next());

    return await db.transaction(async (tx) => {
      const targetMigrations = await migrationCount(tx);
      if (header.migrations !== targetMigrations)
        throw new BackupError(backupMessages.migrationsMismatch(header.migrations, targetMigrations));
      const { ordered, columnsOf } = await describeTables(tx);
      const siteMailKey = await mailKeyOf(tx);
      for (const table of header.tables) {
        if (!ordered.includes(table.name) || ephemeralTables.includes(table.name))
          throw new BackupError(backupMessages.unknownTable(table.name));
        const target = columnsOf(table.name)
          .filter((column) => !column.generated)
          .map((column) => column.column);
        if ([...target].sort().join(',') !== [...table.columns].sort().join(','))
          throw new BackupError(backupMessages.columnsMismatch(table.name));
      }

      await tx.execute(
        sql`truncate table ${sql.join(
          ordered.map((name) => sql.identifier(name)),
          sql`, `,
        )} restart identity cascade`,
      );

      for (const table of header.tables) {
        const section = parseLine(await next(), backupMessages.truncated);
        if (section.table !== table.name || section.rows !== table.rows)
          throw new BackupError(backupMessages.truncated);
        const columnList = sql.join(
          table.columns.map((column) => sql.identifier(column)),
          sql`, `,
        );
        const insert = async (chunk: string[]) => {
          await tx.execute(
            sql`insert into ${sql.identifier(table.name)} (${columnList}) overriding system value
                select ${columnList} from json_populate_recordset(null::${sql.identifier(table.name)}, ${`[${chunk.join(',')}]`}::json)`,
          );
        };
        let chunk: string[] = [];
        let chars = 0;
        for (let index = 0; index < table.rows; index++) {
          const line = await next();
          if (line === undefined) throw new BackupError(backupMessages.truncated);
          parseLine(line, backupMessages.truncated);
          chunk.push(line);
          chars += line.length;
          if (chunk.length >= chunkRows || chars >= chunkChars) {
            await insert(chunk);
            chunk = [];
            chars = 0;
          }
        }
        if (chunk.length > 0) await insert(chunk);
      }
      checkEnd(await next(false), header.tables.length, seal.digest('hex'));
      if ((await next()) !== undefined) throw new BackupError(backupMessages.truncated);

      for (const name of ordered) {
        for (const column of columnsOf(name).filter((item) => item.serial)) {
          const table = sql.identifier(name);
          const col = sql.identifier(column.column);
          const qualified = `public."${name.replaceAll('"', '""')}"`;
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${qualified}, ${column.column}), coalesce(max(${col}), 1), max(${col}) is not null) from ${table}`,
          );
        }
      }
      // A database that already had a mail key belongs to a site; if the backup brought another key,
      // it comes from another site, and the links in either site's letters must not work here.
      const restoredMailKey = await mailKeyOf(tx);
      const mailKeyRenewed = siteMailKey !== undefined && restoredMailKey !== siteMailKey;
      if (mailKeyRenewed) {
        await tx.execute(sql`insert into app_state (key, value)
            values (${mailSigningKeyName}, ${randomBytes(32).toString('base64url')})
            on conflict (key) do update set value = excluded.value`);
      }
      return {
        migrations: header.migrations,
        tables: header.tables.map(({ name, rows }) => ({ name, rows })),
        mailKeyRenewed,
      };
    });
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(backupMessages.failed(errorReason(error)));
  } finally {
    await lines.return(undefined);
  }
}
