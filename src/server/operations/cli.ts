// `npm run backup -- [file]` and `npm run restore -- <file>`: see README.md, section Backup.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import {
  BackupError,
  type BackupSummary,
  errorReason,
  readBackupHeader,
  restoreBackup,
  writeBackup,
} from './backup';
import { removeServerPid, runningServerPid, writeServerPid } from './server-lock';

const usage =
  'Использование: npm run backup -- [файл] (по умолчанию backups/backup-<дата>.jsonl.gz) или npm run restore -- <файл>';

/** A refusal: printed as one line, exit code 1. */
class Refusal extends Error {}

const rowsWord = (n: number) => {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 'строк';
  if (last === 1) return 'строка';
  if (last >= 2 && last <= 4) return 'строки';
  return 'строк';
};

const defaultBackupFile = () =>
  path.join('backups', `backup-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.jsonl.gz`);

function printSummary(summary: BackupSummary) {
  const width = Math.max(...summary.tables.map((table) => table.name.length));
  for (const table of summary.tables)
    console.log(`  ${table.name.padEnd(width)}  ${table.rows} ${rowsWord(table.rows)}`);
}

async function open(config: AppConfig): Promise<Database> {
  // Errors of the PostgreSQL connection surface as the failed query below; nothing to log meanwhile.
  const database = config.databaseUrl
    ? openPostgres(config.databaseUrl, () => {})
    : await openPglite(config.dataDir);
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    throw new Refusal(`Не удалось открыть базу данных: ${errorReason(error)}`);
  }
  return database;
}

async function run(args: string[]): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Refusal(`Ошибка конфигурации: ${error.message}`);
    throw error;
  }
  const [command, fileArgument, ...rest] = args;
  if ((command !== 'backup' && command !== 'restore') || rest.length > 0) throw new Refusal(usage);
  if (command === 'restore' && !fileArgument) throw new Refusal(usage);
  const file = path.resolve(fileArgument ?? defaultBackupFile());
  if (command === 'restore') {
    if (!existsSync(file)) throw new Refusal(`Файл не найден: ${file}`);
    // A wrong file is refused before any database is opened or created.
    await readBackupHeader(file);
  }
  if (command === 'backup' && existsSync(file))
    throw new Refusal(`Файл ${file} уже существует: укажите другое имя`);

  // PGlite's files admit one process: opening them under a running server would damage the database.
  if (!config.databaseUrl) {
    const pid = runningServerPid(config.dataDir);
    if (pid !== undefined)
      throw new Refusal(
        `Сервер запущен (процесс ${pid}) и держит базу в ${config.dataDir}: остановите его перед ` +
          `${command === 'backup' ? 'резервным копированием' : 'восстановлением'}.`,
      );
    writeServerPid(config.dataDir);
  }
  try {
    console.log(
      config.databaseUrl
        ? 'База данных: PostgreSQL (DATABASE_URL)'
        : `База данных: встроенная PGlite в ${config.dataDir}`,
    );
    const database = await open(config);
    try {
      if (command === 'backup') {
        mkdirSync(path.dirname(file), { recursive: true });
        console.log(`Резервная копия: ${file}`);
        printSummary(await writeBackup(database.db, file));
        console.log('Готово: резервная копия записана.');
      } else {
        console.log(`Восстанавливаю из ${file}`);
        const summary = await restoreBackup(database.db, file);
        // Other app processes on the same PostgreSQL database drop what they have cached.
        await database.changes.publish('accounts').catch(() => {});
        printSummary(summary);
        console.log('Готово: данные восстановлены, все пользователи должны войти заново.');
      }
    } finally {
      await database.close();
    }
  } finally {
    if (!config.databaseUrl) removeServerPid(config.dataDir);
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof BackupError) console.error(error.message);
    else console.error(`Ошибка: ${errorReason(error)}`);
    process.exit(1);
  },
);
