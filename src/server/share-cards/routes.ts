import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../shared/pagination';
import { type ShareCardKind, shareCardKinds, shareCardSize, shareCardTexts } from '../../shared/share-cards';
import type { ChangeFeed } from '../db/change-feed';
import { changeTopics } from '../db/change-topics';
import { failures } from '../http/api-contract';
import { drawShareCard, publicTitle } from './service';

/** How long link previews and browsers may keep a card: a renamed entity shows its new title within it. */
const cardMaxAgeSeconds = 3600;

/** What a card shows: the entity's title, and whether the public may see it. */
function cardShows(kind: ShareCardKind, id: number): readonly string[] {
  if (kind === 'events') return [changeTopics.events, changeTopics.event(id)];
  if (kind === 'foundations') return [changeTopics.foundations];
  if (kind === 'news') return [changeTopics.news];
  return [changeTopics.volunteerRequests];
}

export const shareCardRoutes: FastifyPluginAsyncZod<{ changes: ChangeFeed }> = async (app, { changes }) => {
  app.get(
    '/api/share-cards/:kind/:id',
    {
      schema: {
        summary: 'The picture a link preview shows for a page without its own',
        description: `Caller: anyone. \`kind\`: ${shareCardKinds.join(' | ')}. The picture a link preview (VK,
Telegram) shows for a page whose entity has no picture of its own: a ${shareCardSize.width} × ${shareCardSize.height}
PNG with the entity's title, drawn once per entity until the next write; \`Cache-Control: public,
max-age=${cardMaxAgeSeconds}\`.

400 '${shareCardTexts.kind}' (unknown kind), '${shareCardTexts.id}'; 404 '${shareCardTexts.notFound}' when the
public cannot see the entity (a draft, a cancelled event, a foundation under moderation).`,
        tags: ['share-cards'],
        params: z.object({
          kind: z.enum(shareCardKinds, { error: shareCardTexts.kind }),
          id: idParam(shareCardTexts.id),
        }),
        response: {
          200: {
            description: `PNG ${shareCardSize.width} × ${shareCardSize.height}`,
            content: { 'image/png': { schema: z.any().describe('The PNG bytes') } },
          },
          ...failures(404),
        },
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
        if (changes.live) app.publicCache.store(key, generation, card, undefined, cardShows(kind, id));
      }
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', `public, max-age=${cardMaxAgeSeconds}`)
        .header('Content-Security-Policy', "default-src 'none'")
        .send(card);
    },
  );
};
