import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsMessages, newsPreviewLength } from '../../shared/news';
import type { NewsItem, NewsPreview } from '../../shared/news-answers';
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
  it('answers a published item with its whole text, as its preview in the list shows it', async () => {
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
    const list = (await read('/api/news')).json() as NewsPreview[];
    const { content, ...rest } = item;
    expect(list.find((entry) => entry.id === publishedId)).toEqual({ ...rest, excerpt: content });
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

describe('GET /api/news', () => {
  const longText = `${'Школьники убрали берег реки. '.repeat(40)}Конец.`;

  beforeAll(async () => {
    // 25 more items, an hour apart, the newest last inserted: pages of 12 are three.
    await ctx.database.db.insert(news).values(
      Array.from({ length: 25 }, (_, index) => ({
        title: `Новость ${index + 1}`,
        content: longText,
        createdAt: new Date(Date.now() - (25 - index) * 3_600_000),
      })),
    );
    // Written behind the API's back, so the count kept since the first test is dropped by hand, as a write
    // through the API would drop it.
    ctx.app.publicCache.invalidate();
  });

  const page = async (query: string) => {
    const response = await read(`/api/news${query}`);
    expect(response.statusCode).toBe(200);
    return { items: response.json() as NewsPreview[], total: Number(response.headers['x-total-count']) };
  };

  it('answers a page of previews, at most limit, with every published item counted', async () => {
    const first = await page('?page=1&limit=12');
    expect(first.items).toHaveLength(12);
    // The draft is not counted: 25 items and the published one of the first test.
    expect(first.total).toBe(26);
    expect(first.items[0]?.title).toBe('Школьники посадили сто деревьев');
    const second = await page('?page=2&limit=12');
    expect(second.items).toHaveLength(12);
    expect(second.items.map((item) => item.id)).not.toEqual(
      expect.arrayContaining(first.items.map((item) => item.id)),
    );
    expect((await page('?page=3&limit=12')).items).toHaveLength(2);
    // Without a limit, a page of 12.
    expect((await page('?page=1')).items).toHaveLength(12);
  });

  it('gives the start of the text in the list and the whole of it with the item', async () => {
    const [preview] = (await page('?page=1&limit=2')).items.slice(1);
    if (!preview) throw new Error('no second item');
    expect(preview).not.toHaveProperty('content');
    expect(preview.excerpt.endsWith('…')).toBe(true);
    expect(preview.excerpt.length).toBeLessThanOrEqual(newsPreviewLength + 1);
    expect(longText.startsWith(preview.excerpt.slice(0, -1))).toBe(true);
    const item = (await read(`/api/news/${preview.id}`)).json() as NewsItem;
    expect(item.content).toBe(longText);
  });

  it('refuses a malformed page in Russian', async () => {
    const response = await read('/api/news?page=0');
    expect(response.statusCode).toBe(400);
  });
});
