import path from 'node:path';
import { z } from 'zod';

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
      const zone = value || 'Europe/Moscow';
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
  };
}

export function loadConfig(): AppConfig {
  return parseConfig(process.env);
}
