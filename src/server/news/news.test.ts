import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NewsItem, newsMessages } from '../../shared/news';
import { news } from '../db/schema';
import { createFoundation } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
let publishedId: number;
let draftId: number;
let foundationName: string | null;

beforeAll(async () => {
  ctx = await createTestApp();
  const foundation = await createFoundation(ctx.database.db, { name: 'Фонд «Новости»' });
  foundationName = foundation.name;
  const rows = await ctx.database.db
    .insert(news)
    .values([
      {
        title: 'Школьники посадили сто деревьев',
        content: 'Весь текст новости о посадке деревьев.',
        category: 'success',
        foundationId: foundation.id,
        imageUrl: 'https://example.org/trees.jpg',
      },
      { title: 'Черновик', content: 'Ещё не опубликовано.', isPublished: false },
    ])
    .returning({ id: news.id });
  publishedId = rows[0]?.id ?? 0;
  draftId = rows[1]?.id ?? 0;
});
afterAll(() => ctx.close());

const read = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/news/:id', () => {
  it('answers a published item whole, as the list shows it, for anyone', async () => {
    const response = await read(`/api/news/${publishedId}`);
    expect(response.statusCode).toBe(200);
    const item = response.json() as NewsItem;
    expect(item).toMatchObject({
      id: publishedId,
      title: 'Школьники посадили сто деревьев',
      content: 'Весь текст новости о посадке деревьев.',
      category: 'success',
      image: 'https://example.org/trees.jpg',
      foundation: { name: foundationName, location: 'Москва' },
    });
    const list = (await read('/api/news')).json() as NewsItem[];
    expect(list.find((entry) => entry.id === publishedId)).toEqual(item);
  });

  it('says a draft and an unused id are not found, the same way', async () => {
    for (const id of [draftId, 999_999]) {
      const response = await read(`/api/news/${id}`);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ message: newsMessages.notFound });
    }
  });

  it('refuses an id that is not a positive whole number in Russian', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await read(`/api/news/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json(), id).toEqual({ message: newsMessages.newsId });
    }
  });
});
