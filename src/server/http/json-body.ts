import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../../shared/errors';
import { badRequest } from './errors';

/**
 * The largest JSON body any route reads. The biggest form (an event with its texts) is a few tens of
 * kilobytes; pictures are uploaded as raw bytes to POST /api/images, which has its own limit.
 */
export const maxJsonBodyBytes = 256 * 1024;

/** No form nests more than a few levels; a deeper body is an attack on the parser and the validators. */
export const maxJsonDepth = 64;

const quote = 0x22;
const backslash = 0x5c;
const openBracket = 0x5b;
const openBrace = 0x7b;
const closeBracket = 0x5d;
const closeBrace = 0x7d;

/** Whether arrays and objects in the JSON text nest deeper than `limit`; brackets in strings do not count. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index++;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (code === openBracket || code === openBrace) {
      if (++depth > limit) return true;
    } else if (code === closeBracket || code === closeBrace) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with one that refuses a body nested deeper than maxJsonDepth before
 * parsing it: JSON.parse of 8 MB of `[[[[…` held the event loop for over a second, and the validators
 * walk whatever it builds. The text is then parsed by Fastify's own parser, which keeps refusing
 * `__proto__` and `constructor.prototype` keys.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: maxJsonBodyBytes },
    (request, body, done) => {
      // parseAs 'string' hands over a string; Fastify's types do not narrow to it.
      const text = body as string;
      if (nestsDeeperThan(text, maxJsonDepth)) {
        done(badRequest(commonErrors.tooDeepJson), undefined);
        return;
      }
      parse(request, text, done);
    },
  );
}
