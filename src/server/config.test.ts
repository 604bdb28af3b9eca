import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('uses the documented defaults', () => {
    expect(parseConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminUsername: 'admin',
      adminPassword: undefined,
      seedDemo: true,
      timeZone: 'Europe/Moscow',
      sessionSecure: false,
      authRateLimit: 10,
      logLevel: 'warn',
      trustProxy: false,
      publicUrl: undefined,
      smtpUrl: undefined,
      mailFrom: undefined,
      reminderHour: 10,
      mailPollSeconds: 5,
      scryptCost: 2 ** 17,
      backupKey: undefined,
      imagesPerDay: 2000,
    });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/volunteer',
      DATABASE_URL: 'postgres://app@db:5432/volunteer',
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: 'long-secret',
      SEED_DEMO: '0',
      APP_TIMEZONE: 'Asia/Yekaterinburg',
      SESSION_SECURE: 'true',
      AUTH_RATE_LIMIT: '500',
      LOG_LEVEL: 'INFO',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'https://volunteer.example.ru/',
      SMTP_URL: 'smtps://robot:secret@smtp.example.ru:465',
      MAIL_FROM: 'Школьное волонтёрство <noreply@example.ru>',
      REMINDER_HOUR: '18',
      MAIL_POLL_SECONDS: '60',
      SCRYPT_N: '1024',
      IMAGES_PER_DAY: '300',
      BACKUP_KEY: 'k'.repeat(44),
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/volunteer',
      databaseUrl: 'postgres://app@db:5432/volunteer',
      adminUsername: 'chief',
      adminPassword: 'long-secret',
      seedDemo: false,
      timeZone: 'Asia/Yekaterinburg',
      sessionSecure: true,
      authRateLimit: 500,
      logLevel: 'info',
      trustProxy: ['127.0.0.1'],
      publicUrl: 'https://volunteer.example.ru',
      smtpUrl: 'smtps://robot:secret@smtp.example.ru:465',
      mailFrom: 'Школьное волонтёрство <noreply@example.ru>',
      reminderHour: 18,
      mailPollSeconds: 60,
      scryptCost: 1024,
      imagesPerDay: 300,
      backupKey: 'k'.repeat(44),
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'ab' }, 'ADMIN_USERNAME'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ PUBLIC_URL: 'volunteer.example.ru' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://volunteer.example.ru/site' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://volunteer.example.ru' }, 'PUBLIC_URL'],
    [{ APP_TIMEZONE: 'Mars/Olympus' }, 'APP_TIMEZONE'],
    [{ SMTP_URL: 'mail.example.ru' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'noreply' }, 'MAIL_FROM'],
    [{ REMINDER_HOUR: '24' }, 'REMINDER_HOUR'],
    [{ REMINDER_HOUR: 'утро' }, 'REMINDER_HOUR'],
    [{ MAIL_POLL_SECONDS: '0' }, 'MAIL_POLL_SECONDS'],
    [{ SESSION_SECURE: 'sometimes' }, 'SESSION_SECURE'],
    [{ AUTH_RATE_LIMIT: '0' }, 'AUTH_RATE_LIMIT'],
    [{ AUTH_RATE_LIMIT: 'many' }, 'AUTH_RATE_LIMIT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SCRYPT_N: '1000' }, 'SCRYPT_N'],
    [{ SCRYPT_N: '512' }, 'SCRYPT_N'],
    [{ SCRYPT_N: '262144' }, 'SCRYPT_N'],
    [{ SCRYPT_N: 'fast' }, 'SCRYPT_N'],
    [{ IMAGES_PER_DAY: '0' }, 'IMAGES_PER_DAY'],
    [{ BACKUP_KEY: 'short' }, 'BACKUP_KEY'],
    [{ IMAGES_PER_DAY: 'many' }, 'IMAGES_PER_DAY'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,nginx' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,' }, 'TRUST_PROXY'],
  ])('refuses %j with one line naming %s', (env, variable) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(variable);
      expect(message).not.toContain('\n');
    }
  });

  // NOTE: `1` is a hop count (trust the one proxy in front), not a flag: for a single nginx both readings
  // agree, while `true` would believe the first address a client wrote into X-Forwarded-For itself.
  it.each([
    ['', false],
    ['0', false],
    ['false', false],
    ['off', false],
    ['true', true],
    ['TRUE', true],
    ['1', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 127.0.0.1 , 10.0.0.0/8,::1 ', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['loopback,fd00::/8', ['loopback', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as %j', (value, trustProxy) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });
});
