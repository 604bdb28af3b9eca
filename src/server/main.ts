import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { todayIn } from '../shared/dates';
import { imageQuota } from '../shared/images';
import { buildApp } from './app';
import { createPasswordHasher, type PasswordHasher } from './auth/password';
import { ensureAdmin } from './auth/service';
import { deleteExpiredSessions } from './auth/sessions';
import { createCalendar } from './calendar';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataDirError } from './db/data-dir';
import { releaseStartupMemory } from './db/release-memory';
import { isDemoSeeded, seedDemo } from './db/seed/seed-demo';
import { loggerOptions } from './http/logger';
import { createMailTransport, mailSender } from './mail/transport';
import { removeServerPid, runningServerPid, writeServerPid } from './operations/server-lock';

const shutdownGraceMs = 10_000;

const generatePassword = () => randomBytes(12).toString('base64url');

/** Brings the schema up to date and creates the administrator and, when asked, the demo content. */
async function migrateAndSeed(database: Database, config: AppConfig, hasher: PasswordHasher): Promise<void> {
  await database.migrate();
  const admin = await ensureAdmin(database.db, hasher, {
    username: config.adminUsername,
    password: config.adminPassword,
    generatePassword,
  });
  if (admin) {
    console.log(
      admin.generated
        ? `Создан администратор: логин «${admin.username}», пароль «${admin.password}» (показан один раз, сохраните его)`
        : `Создан администратор «${admin.username}» с паролем из ADMIN_PASSWORD`,
    );
  }

  if (config.seedDemo && !(await isDemoSeeded(database.db))) {
    console.log('Загружаю демо-данные…');
    const demo = await seedDemo(database.db, hasher, {
      today: todayIn(config.timeZone),
      password: generatePassword(),
    });
    if (demo) {
      console.log('Демо-данные загружены. Демо-аккаунты (пароль показан один раз, сохраните его):');
      console.log(`  фонд:  логин «${demo.foundationUsername}», пароль «${demo.password}»`);
      console.log(`  школа: логин «${demo.schoolUsername}», пароль «${demo.password}»`);
      console.log('  тот же пароль у всех демо-фондов и демо-школ');
    }
  }
}

async function main(): Promise<void> {
  // The data folder and everything PGlite writes into it hold every password hash: owner only.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Ошибка конфигурации: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  if (!config.databaseUrl) {
    const holder = runningServerPid(config.dataDir);
    if (holder !== undefined) {
      console.error(
        `Данные в ${config.dataDir} уже открыты процессом ${holder}: PGlite допускает один процесс на папку. Остановите его или укажите другой DATA_DIR.`,
      );
      process.exit(1);
    }
  }
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (database.kind === 'pglite') writeServerPid(config.dataDir);
  console.log(
    database.kind === 'postgres'
      ? 'База данных: PostgreSQL (DATABASE_URL)'
      : `База данных: встроенная PGlite в ${config.dataDir}`,
  );
  const hasher = createPasswordHasher({ N: config.scryptCost });
  // Several processes started together on one empty database: one migrates and seeds, the others wait
  // for it and then find the administrator and the demo content in place.
  await database.withStartupLock(
    () => migrateAndSeed(database, config, hasher),
    () => console.log('Другой процесс готовит базу данных: жду, пока он закончит…'),
  );
  await deleteExpiredSessions(database.db);

  // Letters link to PUBLIC_URL, or to this server as it listens when that is unset (a local run); an
  // address that means "every interface" is no address to click.
  const linkHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  let listeningOrigin = `http://${linkHost}:${config.port}`;
  const mailOrigin = () => config.publicUrl ?? listeningOrigin;
  const sender = mailSender(config);
  const mailTransport = createMailTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    from: sender.from,
  });
  console.log(sender.line);
  console.log(
    config.smtpUrl
      ? `Почта: отправляется через ${mailTransport.destination} (SMTP_URL)`
      : `Почта: SMTP_URL не задан, письма сохраняются файлами .eml в ${mailTransport.destination}`,
  );

  const app = await buildApp({
    db: database.db,
    // PGlite's files admit one process, so its counts need not be shared; a database round trip per
    // write is the dearest part of a write on PGlite.
    rateLimitCounts: database.kind === 'pglite' ? 'memory' : 'database',
    secureCookies: config.sessionSecure,
    webRoot: fileURLToPath(new URL('../web', import.meta.url)),
    pageRendererFile: fileURLToPath(new URL('../ssr/entry-server.js', import.meta.url)),
    hasher,
    calendar: createCalendar(config.timeZone),
    reminderHour: config.reminderHour,
    authRateLimit: { max: config.authRateLimit, timeWindow: 60_000 },
    logger: loggerOptions(config.logLevel),
    changes: database.changes,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    mail: { transport: mailTransport, origin: mailOrigin, pollMs: config.mailPollSeconds * 1000 },
    imageQuota: { ...imageQuota, sitePerDay: config.imagesPerDay },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`Получен ${signal}: дожидаюсь начатых запросов и закрываю базу…`);
    // A request stuck on a dead client must not keep the process (and PGlite's folder) forever.
    setTimeout(() => {
      console.error(`Запросы не завершились за ${shutdownGraceMs / 1000} с: останавливаюсь без них`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    // Fastify stops accepting connections, answers new requests on open ones with 503 and resolves
    // once every request in flight has been answered; only then is the database closed.
    await app.close();
    await database.close();
    if (database.kind === 'pglite') removeServerPid(config.dataDir);
    console.log('Сервер остановлен');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  listeningOrigin = `http://${linkHost}:${port}`;
  console.log(`Сайт работает: http://${config.host}:${port}`);
  setTimeout(releaseStartupMemory, 10_000).unref();
}

main().catch((error: unknown) => {
  console.error('Не удалось запустить сервер:', error);
  process.exit(1);
});
