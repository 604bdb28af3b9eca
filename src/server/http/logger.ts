import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { LogLevel } from '../config';

/**
 * Log fields that may carry a secret if some code ever logs a request, a body or a header. Fastify's
 * own request lines hold only method, URL and address; these paths are the second line of defence.
 */
const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.sid',
  'sid',
];

const censor = '[скрыто]';

/**
 * A path segment that is itself a secret: a pupil's participation or certificate code (/verify/{code},
 * /claim/{code}, /api/applications/{id}/codes/{code}/reissue), a school's calendar feed
 * (/api/calendar/{token}.ics), a letter's unsubscribe link (/unsubscribe/{token}) and a password reset
 * link being checked (/api/password-reset-links/{token}), an invitation link being checked
 * (/api/invitation-links/{token}). Fastify logs every
 * request's URL, and an error's message may repeat it, so whole lines are scrubbed as they are written.
 */
const secretInPath =
  /(\/(?:verify|claim|codes|calendar|unsubscribe|password-reset-links|invitation-links)\/)[^/?#"\s\\]+?(\.ics)?(?=[/?#"\s\\]|$)/gi;

/** The log line with every secret path segment replaced; the rest of the URL stays for reading the log. */
const withoutSecretPaths = (line: string) => line.replace(secretInPath, `$1${censor}$2`);

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
};

const stackFrames = (stack: string | undefined) =>
  (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));

/**
 * A failed query carries its parameters (a username, a phone, a session hash) in its message, its stack
 * and `params`, and PostgreSQL's `detail` repeats the values of a violated key. So an error is logged by
 * name, code, reason and stack frames only: the SQL and why it failed, never the data.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const isQuery = error instanceof DrizzleQueryError;
  const message = isQuery ? `Failed query: ${error.query}` : error.message;
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...stackFrames(error.stack)].join('\n'),
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === 'string') serialized.code = code;
  if (typeof statusCode === 'number') serialized.statusCode = statusCode;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** JSON lines on stdout (pino, Fastify's logger) at the configured level, with secrets left out. */
export function loggerOptions(level: LogLevel) {
  return {
    level,
    redact: { paths: redactedPaths, censor },
    hooks: { streamWrite: withoutSecretPaths },
    serializers: {
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
    },
  };
}
