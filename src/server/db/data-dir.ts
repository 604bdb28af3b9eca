import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

/** A DATA_DIR the app must not open; the message is the one line printed before exiting with code 1. */
export class DataDirError extends Error {}

export const dataDirMessages = {
  notAFolder: (dir: string) =>
    `DATA_DIR ${dir} не является папкой: укажите папку с базой данных или пустую папку для новой базы`,
  notADatabase: (dir: string) =>
    `Папка данных ${dir} не пуста, но в ней нет целой базы PGlite (PG_VERSION, base/, global/): сервер не ` +
    'запущен, чтобы не затереть эти файлы. Верните недостающие файлы, восстановите базу из резервной копии в ' +
    'пустую папку (npm run restore) или укажите другой DATA_DIR',
  loosened: (dir: string, count: number) =>
    `Папка данных ${dir} была доступна другим пользователям системы: права ${count} файлов и папок ` +
    'сужены до владельца (0700 и 0600)',
} as const;

/**
 * Files of the app's own beside the database, which do not make a folder "not empty": the pid mark of
 * the process holding it, the backup key (put there before a restore into an empty folder), and the
 * lost+found of a folder that is a mount point.
 */
const foreignToDatabase = new Set(['server.pid', 'backup.key', 'lost+found']);

/** What PGlite needs to find to open an existing database rather than initialise a new one over it. */
const databaseEntries: ReadonlyArray<{ name: string; isDir: boolean }> = [
  { name: 'PG_VERSION', isDir: false },
  { name: 'base', isDir: true },
  { name: 'global', isDir: true },
];

function statOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Checks DATA_DIR before PGlite opens it: PGlite initialises a new, empty database in any folder without
 * PG_VERSION, over whatever files are there, and the app then creates a new administrator and reports
 * healthy. So only an absent or empty folder gets a new database, and a folder holding anything but a
 * whole database is refused. Creates an absent folder readable by its owner only.
 */
export function checkDataDir(dir: string): 'new' | 'existing' {
  const stats = statOrUndefined(dir);
  if (!stats) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return 'new';
  }
  if (!stats.isDirectory()) throw new DataDirError(dataDirMessages.notAFolder(dir));
  const entries = readdirSync(dir).filter((name) => !foreignToDatabase.has(name));
  if (entries.length === 0) return 'new';
  const whole = databaseEntries.every(({ name, isDir }) => {
    const entry = statOrUndefined(path.join(dir, name));
    return entry !== undefined && (isDir ? entry.isDirectory() : entry.isFile());
  });
  if (!whole) throw new DataDirError(dataDirMessages.notADatabase(dir));
  return 'existing';
}

/**
 * Takes group and other permissions off every file and folder under dir (itself included), and answers
 * how many it changed. The database holds every password hash; PGlite writes the files of a new database with mode
 * 0666 whatever the umask, while the files it creates later follow the umask.
 */
export function restrictToOwner(dir: string): number {
  let changed = 0;
  const visit = (file: string) => {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmodSync(file, stats.mode & 0o700);
        changed++;
      } catch (error) {
        // Another user's file that this one may write through its group: not ours to change.
        if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
      }
    }
    if (stats.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return changed;
}
