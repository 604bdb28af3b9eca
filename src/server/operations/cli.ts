// `npm run backup -- [file]` and `npm run restore -- <file>`: see docs/operations.md, section Backup.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pluralForm } from '../../shared/plural';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { checkDataDir, DataDirError } from '../db/data-dir';
import {
  BackupError,
  type BackupSummary,
  errorReason,
  restoreBackup,
  verifyBackup,
  writeBackup,
} from './backup';
import { loadBackupKey } from './backup-key';
import { removeServerPid, runningServerPid, writeServerPid } from './server-lock';

const usage =
  'Использование: npm run backup -- [файл] (по умолчанию backups/backup-<дата>.jsonl.gz) или npm run restore -- <файл>';

/** A refusal: printed as one line, exit code 1. */
class Refusal extends Error {}

const rowsWord = (n: number) => pluralForm(n, { one: 'строка', few: 'строки', many: 'строк' });

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
    // Not while an app process starting on the same PostgreSQL database migrates or seeds it.
    await database.withStartupLock(
      () => database.migrate(),
      () => console.log('Другой процесс готовит базу данных: жду, пока он закончит…'),
    );
  } catch (error) {
    await database.close().catch(() => {});
    throw new Refusal(`Не удалось открыть базу данных: ${errorReason(error)}`);
  }
  return database;
}

async function run(args: string[]): Promise<void> {
  // Backups and the database's files hold every password hash: readable by their owner only.
  process.umask(0o077);
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
  const keySettings = { backupKey: config.backupKey, dataDir: config.dataDir };
  if (command === 'restore') {
    if (!existsSync(file)) throw new Refusal(`Файл не найден: ${file}`);
    // A wrong, cut-off, changed or foreign file is refused before any database is opened or created.
    await verifyBackup(file, loadBackupKey(keySettings, { create: false }));
  }
  if (command === 'backup' && existsSync(file))
    throw new Refusal(`Файл ${file} уже существует: укажите другое имя`);

  // PGlite's files admit one process: opening them under a running server would damage the database.
  if (!config.databaseUrl) {
    // Before the pid mark is written into it: a folder that is not a database is left as it was.
    checkDataDir(config.dataDir);
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
        mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
        console.log(`Резервная копия: ${file}`);
        printSummary(await writeBackup(database.db, file, loadBackupKey(keySettings, { create: true })));
        console.log('Готово: резервная копия записана.');
      } else {
        console.log(`Восстанавливаю из ${file}`);
        // Running app processes on the same PostgreSQL database drop what they have cached when it
        // commits: its truncate and inserts fire the change triggers (db/functions/announce_change.sql).
        const summary = await restoreBackup(database.db, file, loadBackupKey(keySettings, { create: false }));
        printSummary(summary);
        if (summary.mailKeyRenewed)
          console.log(
            'Копия сделана на другом сайте: ключ ссылок отписки в письмах заменён, прежние ссылки обоих сайтов не действуют.',
          );
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
    if (error instanceof Refusal || error instanceof BackupError || error instanceof DataDirError)
      console.error(error.message);
    else console.error(`Ошибка: ${errorReason(error)}`);
    process.exit(1);
  },
);
