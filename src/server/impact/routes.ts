import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformImpactSchema } from '../../shared/impact';
import type { Db } from '../db/client';
import { cachedAnswerShows } from '../http/cache-rules';
import { platformImpact } from './service';

export const impactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/stats/impact',
    {
      config: { publicCache: { dependsOn: cachedAnswerShows.impact } },
      schema: {
        summary: 'What the platform has done so far, for the home page',
        description: `Caller: anyone. Kept in the public read cache until the next write.

200 \`{ schools, foundations, eventsHeld, hoursCredited }\`: approved schools and foundations, events
marked completed, and the volunteer hours credited to schools (all pupils together, from the credit ledger,
so a deleted event keeps its hours and a deleted archive entry takes them back).`,
        tags: ['impact'],
        response: { 200: platformImpactSchema },
      },
    },
    async () => platformImpact(db),
  );
};
