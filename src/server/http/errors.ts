/** An error whose message is meant for the person using the site, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries besides the message, such as a 503's Retry-After. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** A one-time link that was real, but is used, revoked or past its time. */
export const gone = (message: string) => new HttpError(410, message);

/** PostgreSQL's unique_violation, the same code from PGlite and from pg. */
export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => (candidate as { code?: unknown } | null)?.code === '23505');
}
