import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BackupError, backupMessages } from './backup';

/** The key file in the data folder, used when BACKUP_KEY is unset. */
export const backupKeyFileName = 'backup.key';

/**
 * The key that signs backups: BACKUP_KEY when set, else the data folder's key file, made (mode 0600)
 * by the first backup. It is never written into a backup, so whoever can edit a backup cannot sign the
 * edit. A restore never makes one: a new key would only refuse every backup, so it says which is
 * missing instead.
 */
export function loadBackupKey(
  settings: { backupKey: string | undefined; dataDir: string },
  { create }: { create: boolean },
): Buffer {
  if (settings.backupKey) return Buffer.from(settings.backupKey);
  const file = path.join(settings.dataDir, backupKeyFileName);
  if (create) {
    mkdirSync(settings.dataDir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Made by an earlier backup: that key is the site's.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(backupMessages.noKey(file));
    throw error;
  }
  if (text === '') throw new BackupError(backupMessages.noKey(file));
  return Buffer.from(text);
}
