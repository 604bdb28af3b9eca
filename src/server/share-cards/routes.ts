import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/pagination';
import { shareCardKinds, shareCardTexts } from '../../shared/share-cards';
import type { ChangeFeed } from '../db/change-feed';
import { drawShareCard, publicTitle } from './service';

/** How long link previews and browsers may keep a card: a renamed entity shows its new title within it. */
const cardMaxAgeSeconds = 3600;

export const shareCardRoutes: FastifyPluginAsyncZod<{ changes: ChangeFeed }> = async (app, { changes }) => {
  app.get(
    '/api/share-cards/:kind/:id',
    {
      schema: {
        params: z.object({
          kind: z.enum(shareCardKinds, { error: shareCardTexts.kind }),
          id: idParam(shareCardTexts.id),
        }),
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      // Drawing costs tens of milliseconds; a card is drawn once per entity until the next write, and
      // only for entities that exist, so the memory it takes is bounded by the public catalogue.
      const key = `share-card ${kind} ${id}`;
      // Kept only while other processes' writes are heard, as every public answer is.
      let card = changes.live ? app.publicCache.lookup(key)?.body : undefined;
      if (!card) {
        const generation = app.publicCache.generation;
        card = await drawShareCard(kind, await publicTitle(app, kind, id));
        if (changes.live) app.publicCache.store(key, generation, card, undefined);
      }
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', `public, max-age=${cardMaxAgeSeconds}`)
        .header('Content-Security-Policy', "default-src 'none'")
        .send(card);
    },
  );
};
