import type { FastifyRequest } from 'fastify';

/**
 * The site's address as visitors reach it, for the absolute addresses link previews need: PUBLIC_URL
 * when set, else the one this request was made to (behind a proxy, as TRUST_PROXY lets it say).
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return 'http://localhost';
  }
}
