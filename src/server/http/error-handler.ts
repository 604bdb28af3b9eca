import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { commonErrors } from '../../shared/errors';
import { isClientGone } from '../db/abort';
import { HttpError } from './errors';

/** Fastify's own error codes for bad requests, answered in Russian. */
const frameworkMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: commonErrors.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: commonErrors.invalidBody },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: commonErrors.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: commonErrors.invalidBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: commonErrors.bodyTooLarge },
};

/**
 * PostgreSQL errors about text it cannot store: U+0000 (22021) and a NUL escape in JSON (22P05). No
 * schema forbids the character, so a NUL in any text field or search reaches the database and is refused
 * there; the statement fails whole, so nothing was written.
 */
const unstorableTextCodes = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  // Drizzle wraps the driver's error in its own; the code is on the cause.
  for (let cause = error, depth = 0; cause && depth < 3; depth++) {
    const { code } = cause as { code?: unknown };
    if (typeof code === 'string' && unstorableTextCodes.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The one place that turns an error into an answer: `{ message }` in Russian with the right status.
 * A 5xx is logged with the request and its details never reach the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isClientGone(error)) {
      // Nobody is there to answer and nothing failed: one quiet line, and the connection is let go.
      request.log.info('client gone: the request stopped before its next statement');
      reply.hijack();
      reply.raw.destroy();
      return;
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      // A missing or non-object body fails at the root; its generic text would not help anyone.
      const isWholeBody = issue?.instancePath === '/' && issue.keyword === 'invalid_type';
      const message = isWholeBody ? commonErrors.invalidBody : issue?.message;
      return reply.status(400).send({ message: message || commonErrors.invalidInput });
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (isUnstorableText(error)) {
      request.log.info({ err: error }, 'client error: text the database cannot store');
      return reply.status(400).send({ message: commonErrors.unstorableCharacter });
    }
    if (error.statusCode === 429) return reply.status(429).send({ message: commonErrors.tooManyRequests });
    if (
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500 &&
      !isResponseSerializationError(error)
    ) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ message: commonErrors.invalidInput });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: commonErrors.internal });
  });
}
