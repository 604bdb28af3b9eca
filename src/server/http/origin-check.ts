import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commonErrors } from '../../shared/errors';
import { forbidden } from './errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests sent by another site. Browsers send Origin (and Sec-Fetch-Site) on
 * such requests; a request without either comes from a non-browser client, which cookies cannot be
 * abused through, so it is let through.
 */
export const originCheck = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site') throw forbidden(commonErrors.foreignOrigin);
      const origin = request.headers.origin;
      if (origin === undefined) return;
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        throw forbidden(commonErrors.foreignOrigin);
      }
      // request.host honours X-Forwarded-Host only when the app is told to trust a proxy.
      if (originHost !== request.host) throw forbidden(commonErrors.foreignOrigin);
    });
  },
  { name: 'origin-check' },
);
