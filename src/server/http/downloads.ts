import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Headers of a file the browser saves rather than shows: the Russian name in RFC 6266's filename*, an
 * ASCII fallback for old clients, and no caching anywhere, since every such file is private.
 */
export function asDownload(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  const asciiName = fileName
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/_+/g, '_');
  return reply
    .header('Content-Type', contentType)
    .header(
      'Content-Disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'private, no-store');
}

export const contentTypes = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ics: 'text/calendar; charset=utf-8',
} as const;

/**
 * A file answer in a route's contract: bytes of one media type, which Fastify sends as they are (a Buffer
 * or a stream is never serialised), described in the OpenAPI document as binary.
 */
export function fileAnswer(contentType: string, description: string) {
  return {
    description,
    content: {
      [contentType]: { schema: z.string().meta({ format: 'binary', contentMediaType: contentType }) },
    },
  };
}
