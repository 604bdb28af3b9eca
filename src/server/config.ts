import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { defaultAppTimeZone } from '../shared/dates';
import { defaultSiteImagesPerDay } from '../shared/images';
import { defaultScryptCost, minimumScryptCost } from './auth/password';

/**
 * The only reader of the environment. Every setting is parsed once at start-up; an invalid one stops
 * the process with a single line naming the variable.
 */
const flag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
      if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} должно быть 1 или 0, а получено «${value}»` });
      return z.NEVER;
    });

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

const isValidTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('ru-RU', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * Which peers may name the client in X-Forwarded-For: none, every one, the nearest `n` hops, or the
 * listed addresses, networks and @fastify/proxy-addr's names for the private ranges.
 */
export type TrustProxy = boolean | number | string[];

const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string) => {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 3000;
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        ctx.addIssue({
          code: 'custom',
          message: `PORT должен быть числом от 0 до 65535, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return port;
    }),
  HOST: z
    .string()
    .optional()
    .transform((value) => value || '127.0.0.1'),
  DATA_DIR: z
    .string()
    .optional()
    .transform((value) => path.resolve(value || './data')),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (!/^postgres(ql)?:\/\//.test(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'DATABASE_URL должен начинаться с postgres:// или postgresql://',
        });
        return z.NEVER;
      }
      return value;
    }),
  ADMIN_USERNAME: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const username = (value ?? '').trim() || 'admin';
      if (username.length < 3 || username.length > 50) {
        ctx.addIssue({ code: 'custom', message: 'ADMIN_USERNAME должен содержать от 3 до 50 символов' });
        return z.NEVER;
      }
      return username;
    }),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      if (value.length < 6 || value.length > 200) {
        ctx.addIssue({ code: 'custom', message: 'ADMIN_PASSWORD должен содержать от 6 до 200 символов' });
        return z.NEVER;
      }
      return value;
    }),
  SEED_DEMO: flag('SEED_DEMO', true),
  APP_TIMEZONE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const zone = value || defaultAppTimeZone;
      if (!isValidTimeZone(zone)) {
        ctx.addIssue({ code: 'custom', message: `APP_TIMEZONE: неизвестный часовой пояс «${zone}»` });
        return z.NEVER;
      }
      return zone;
    }),
  SESSION_SECURE: flag('SESSION_SECURE', false),
  AUTH_RATE_LIMIT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return 10;
      const limit = Number(value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) {
        ctx.addIssue({
          code: 'custom',
          message: `AUTH_RATE_LIMIT должен быть целым числом от 1 до 100000, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return limit;
    }),
  LOG_LEVEL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const level = (value || 'warn').toLowerCase();
      if (!(logLevels as readonly string[]).includes(level)) {
        ctx.addIssue({
          code: 'custom',
          message: `LOG_LEVEL должен быть одним из: ${logLevels.join(', ')}, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return level as LogLevel;
    }),
  // NOTE: `1` reads as one hop, not as "yes": for the usual single proxy both mean the same, while
  // `true` believes the first address of the header, which a client can write itself (docs/operations.md).
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): TrustProxy => {
      const text = (value ?? '').trim().toLowerCase();
      if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
      if (text === 'true') return true;
      if (/^\d{1,3}$/.test(text)) return Number(text);
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries;
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY должен быть false, true, числом прокси перед сервером или списком адресов и сетей через запятую (127.0.0.1,10.0.0.0/8), а получено «${value}»`,
      });
      return z.NEVER;
    }),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      try {
        const url = new URL(text);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search) {
          return url.origin;
        }
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: `PUBLIC_URL должен быть адресом сайта вида https://example.ru без пути, а получено «${value}»`,
      });
      return z.NEVER;
    }),
  SMTP_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      if (!/^smtps?:\/\/[^/]/.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: `SMTP_URL должен быть адресом вида smtp://логин:пароль@smtp.example.ru:587 или smtps://…, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return text;
    }),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: `MAIL_FROM должен быть адресом отправителя вида noreply@example.ru или «Название <noreply@example.ru>», а получено «${value}»`,
        });
        return z.NEVER;
      }
      return text;
    }),
  REMINDER_HOUR: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return 10;
      const hour = Number(value);
      if (!/^\d{1,2}$/.test(value.trim()) || hour > 23) {
        ctx.addIssue({
          code: 'custom',
          message: `REMINDER_HOUR должен быть часом от 0 до 23, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return hour;
    }),
  MAIL_POLL_SECONDS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return 5;
      const seconds = Number(value);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
        ctx.addIssue({
          code: 'custom',
          message: `MAIL_POLL_SECONDS должен быть целым числом секунд от 1 до 3600, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return seconds;
    }),
  BACKUP_KEY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      if (text.length < 32) {
        ctx.addIssue({
          code: 'custom',
          message:
            'BACKUP_KEY должен содержать не менее 32 символов (например, вывод openssl rand -base64 32)',
        });
        return z.NEVER;
      }
      return text;
    }),
  IMAGES_PER_DAY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return defaultSiteImagesPerDay;
      const limit = Number(value);
      if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1_000_000) {
        ctx.addIssue({
          code: 'custom',
          message: `IMAGES_PER_DAY должен быть целым числом от 1 до 1000000, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return limit;
    }),
  // Lower only on a server whose passwords protect nothing (the browser journeys' own): every password the
  // server hashes is stored with it, and a cheaper hash is cheaper to guess from a stolen copy.
  SCRYPT_N: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return defaultScryptCost;
      const cost = Number(value);
      const powerOfTwo = Number.isInteger(cost) && cost > 0 && (cost & (cost - 1)) === 0;
      if (!powerOfTwo || cost < minimumScryptCost || cost > defaultScryptCost) {
        ctx.addIssue({
          code: 'custom',
          message: `SCRYPT_N должен быть степенью двойки от ${minimumScryptCost} до ${defaultScryptCost}, а получено «${value}»`,
        });
        return z.NEVER;
      }
      return cost;
    }),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  timeZone: string;
  sessionSecure: boolean;
  /** Sign-in and sign-up attempts per minute from one address. */
  authRateLimit: number;
  /** Threshold of the JSON log on stdout; `info` adds a line per request. */
  logLevel: LogLevel;
  /** Whose X-Forwarded-For names the client that the rate limits count; off unless set. */
  trustProxy: TrustProxy;
  /** The site's address as visitors reach it, for link previews; the request's own address when unset. */
  publicUrl: string | undefined;
  /** Where e-mail goes out; without it every message is written as an .eml file into DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The sender of every e-mail; the site's name at noreply@ the site's host by default. */
  mailFrom: string | undefined;
  /** The hour (0–23, APP_TIMEZONE) at which the day-before reminders go out; 10 by default. */
  reminderHour: number;
  /** How often the outbox is looked at, in seconds; 5 by default. */
  mailPollSeconds: number;
  /** scrypt's N for the passwords hashed from now on; the stored ones keep their own. */
  scryptCost: number;
  /** The key that signs backups; the data folder's backup.key when unset (operations/backup-key.ts). */
  backupKey: string | undefined;
  /** New pictures the whole site takes a day from organisations; src/shared/images.ts by default. */
  imagesPerDay: number;
}

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'окружение');
    const message = issue?.message ?? 'некорректное значение';
    throw new ConfigError(message.includes(variable) ? message : `${variable}: ${message}`);
  }
  const parsed = result.data;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    adminUsername: parsed.ADMIN_USERNAME,
    adminPassword: parsed.ADMIN_PASSWORD,
    seedDemo: parsed.SEED_DEMO,
    timeZone: parsed.APP_TIMEZONE,
    sessionSecure: parsed.SESSION_SECURE,
    authRateLimit: parsed.AUTH_RATE_LIMIT,
    logLevel: parsed.LOG_LEVEL,
    trustProxy: parsed.TRUST_PROXY,
    publicUrl: parsed.PUBLIC_URL,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    reminderHour: parsed.REMINDER_HOUR,
    mailPollSeconds: parsed.MAIL_POLL_SECONDS,
    scryptCost: parsed.SCRYPT_N,
    backupKey: parsed.BACKUP_KEY,
    imagesPerDay: parsed.IMAGES_PER_DAY,
  };
}

export function loadConfig(): AppConfig {
  return parseConfig(process.env);
}
