import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareCardPath, shareCardSize, shareCardTexts } from '../../shared/share-cards';
import { createCalendar } from '../calendar';
import { news } from '../db/schema';
import { createEvent, createFoundation } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { titleLines } from './service';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
let ids: {
  event: number;
  cancelledEvent: number;
  foundation: number;
  pendingFoundation: number;
  news: number;
  draft: number;
};

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const foundation = await createFoundation(db, { name: 'Фонд «Карточки»' });
  const pending = await createFoundation(db, { status: 'pending' });
  const event = await createEvent(db, foundation.id, { title: 'Уборка берега реки', date: '2026-12-05' });
  const cancelled = await createEvent(db, foundation.id, { date: '2026-12-06', status: 'canceled' });
  const [item, draft] = await db
    .insert(news)
    .values([
      { title: 'Новость с карточкой', content: 'Текст.' },
      { title: 'Черновик', content: 'Текст.', isPublished: false },
    ])
    .returning({ id: news.id });
  ids = {
    event: event.id,
    cancelledEvent: cancelled.id,
    foundation: foundation.id,
    pendingFoundation: pending.id,
    news: item?.id ?? 0,
    draft: draft?.id ?? 0,
  };
});
afterAll(() => ctx.close());

const read = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/share-cards/:kind/:id', () => {
  it('draws a 1200 x 630 PNG for a public event, foundation and news item, kept by browsers for an hour', async () => {
    for (const url of [
      shareCardPath('events', ids.event),
      shareCardPath('foundations', ids.foundation),
      shareCardPath('news', ids.news),
    ]) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/png');
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
      const picture = await sharp(response.rawPayload).metadata();
      expect({ format: picture.format, width: picture.width, height: picture.height }, url).toEqual({
        format: 'png',
        ...shareCardSize,
      });
    }
  });

  it('has no card for what the public cannot see: a cancelled event, a foundation under moderation, a draft', async () => {
    for (const url of [
      shareCardPath('events', ids.cancelledEvent),
      shareCardPath('foundations', ids.pendingFoundation),
      shareCardPath('news', ids.draft),
      shareCardPath('volunteer-requests', 999_999),
    ]) {
      const response = await read(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: shareCardTexts.notFound });
    }
  });

  it('refuses an unknown kind and an id that is not a number in Russian', async () => {
    const kind = await read(`/api/share-cards/users/${ids.event}`);
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ message: shareCardTexts.kind });
    const id = await read('/api/share-cards/events/abc');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toEqual({ message: shareCardTexts.id });
  });
});

describe('titleLines', () => {
  it('breaks a title on whole words, cuts an unbroken one, and ends a long one in an ellipsis', () => {
    expect(titleLines('Уборка берега реки')).toEqual(['Уборка берега реки']);
    expect(titleLines('а'.repeat(60))).toEqual(['а'.repeat(26), 'а'.repeat(26), 'а'.repeat(8)]);
    const long = titleLines('слово '.repeat(60));
    expect(long).toHaveLength(4);
    expect(long.at(-1)?.endsWith('…')).toBe(true);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(26);
  });
});
