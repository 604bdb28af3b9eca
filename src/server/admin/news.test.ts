import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminNewsItem, adminNewsMessages as messages } from '../../shared/admin-news';
import { commonErrors } from '../../shared/errors';
import type { NewsItem } from '../../shared/news-answers';
import { paginationMessages } from '../../shared/pagination';
import { createSession } from '../auth/sessions';
import { news, users } from '../db/schema';
import { createFoundation } from '../test/factories';
import { createTestApp, signUp, type TestContext, uploadPicture } from '../test/test-app';

let ctx: TestContext;
let adminSid: string;
let schoolSid: string;
let foundationSid: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const [admin] = await ctx.database.db
    .insert(users)
    .values({ username: 'news_admin', passwordHash: 'x', role: 'admin' })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin not created');
  adminSid = (await createSession(ctx.database.db, admin.id)).sessionId;
  schoolSid = (await signUp(ctx.app, 'school')).sid;
  foundationSid = (await signUp(ctx.app, 'foundation')).sid;
});
afterAll(() => ctx.close());

const marker = () => `метка${randomBytes(3).toString('hex')}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, sid: string | null = adminSid) =>
  ctx.app.inject({
    method,
    url,
    cookies: sid ? { sid } : {},
    ...(payload === undefined ? {} : { payload }),
  });

const createNews = (payload: object) => call('POST', '/api/admin/news', payload);
const updateNews = (id: number, payload: object) => call('PUT', `/api/admin/news/${id}`, payload);
const listAdmin = (query = '') => call('GET', `/api/admin/news${query}`);
const publicNews = async () =>
  (await ctx.app.inject({ method: 'GET', url: '/api/news' })).json() as NewsItem[];
const itemOf = (response: LightMyRequestResponse) => response.json() as AdminNewsItem;
const newsCount = async () => (await ctx.database.db.select({ n: count() }).from(news))[0]?.n ?? 0;
const storedRow = async (id: number) => (await ctx.database.db.select().from(news).where(eq(news.id, id)))[0];

const valid = { title: 'Субботник в парке', content: 'Школьники убрали парк.', category: 'news' };

async function created(payload: object = valid): Promise<AdminNewsItem> {
  const response = await createNews(payload);
  expect(response.statusCode).toBe(201);
  return itemOf(response);
}

describe('who may call the admin news API', () => {
  const routes: [Method, string, object | undefined][] = [
    ['GET', '/api/admin/news', undefined],
    ['POST', '/api/admin/news', {}],
    ['PUT', '/api/admin/news/1', { title: '' }],
    ['DELETE', '/api/admin/news/1', undefined],
  ];

  it.each(routes)(
    '%s %s: 401 anonymous, 403 school and foundation, before the body is read',
    async (method, url, payload) => {
      const item = await created();
      const path = url.replace('/1', `/${item.id}`);
      const before = await newsCount();

      const anonymous = await call(method, path, payload, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: commonErrors.unauthorized });
      for (const sid of [schoolSid, foundationSid]) {
        const refused = await call(method, path, payload, sid);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: 'Это действие доступно только для роли: администратор' });
      }

      expect(await newsCount()).toBe(before);
      expect(await storedRow(item.id)).toMatchObject({ title: valid.title, isPublished: true });
    },
  );
});

describe('POST /api/admin/news', () => {
  it('publishes immediately by default, and the item shows on /api/news', async () => {
    const title = `Новость ${marker()}`;
    const response = await createNews({ ...valid, title });
    expect(response.statusCode).toBe(201);
    const item = itemOf(response);
    expect(item).toMatchObject({
      title,
      content: valid.content,
      preview: valid.content,
      image: null,
      imageId: null,
      category: 'news',
      foundationId: null,
      foundation: null,
      isPublished: true,
    });
    expect(Number.isNaN(Date.parse(item.createdAt))).toBe(false);
    expect((await publicNews()).find((entry) => entry.id === item.id)).toMatchObject({ title });
  });

  it('keeps a draft off /api/news until PUT publishes it, and PUT can hide it again', async () => {
    const title = `Черновик ${marker()}`;
    const draft = await created({ ...valid, title, isPublished: false });
    expect(draft.isPublished).toBe(false);
    expect((await publicNews()).some((entry) => entry.id === draft.id)).toBe(false);
    // The administrator still sees the draft.
    expect(
      ((await listAdmin(`?search=${encodeURIComponent(title)}`)).json() as AdminNewsItem[])[0],
    ).toMatchObject({ id: draft.id, isPublished: false });

    // Saving without the flag leaves a draft a draft.
    const edited = await updateNews(draft.id, { ...valid, title, content: 'Исправленный текст' });
    expect(edited.statusCode).toBe(200);
    expect(itemOf(edited)).toMatchObject({ content: 'Исправленный текст', isPublished: false });
    expect((await publicNews()).some((entry) => entry.id === draft.id)).toBe(false);

    const published = await updateNews(draft.id, { ...valid, title, isPublished: true });
    expect(published.statusCode).toBe(200);
    expect(itemOf(published).isPublished).toBe(true);
    expect((await publicNews()).find((entry) => entry.id === draft.id)).toMatchObject({ title });

    await updateNews(draft.id, { ...valid, title, isPublished: false });
    expect((await publicNews()).some((entry) => entry.id === draft.id)).toBe(false);
  });

  it('stores a success story with its foundation, shown on /api/news with the foundation', async () => {
    const foundation = await createFoundation(ctx.database.db, { name: 'Фонд «Зелёный город»' });
    const item = await created({ ...valid, category: 'success', foundationId: foundation.id });
    expect(item).toMatchObject({
      category: 'success',
      foundationId: foundation.id,
      foundation: { id: foundation.id, name: 'Фонд «Зелёный город»' },
    });
    expect((await publicNews()).find((entry) => entry.id === item.id)?.foundation).toMatchObject({
      id: foundation.id,
      name: 'Фонд «Зелёный город»',
    });
  });

  it('accepts an http(s) address and an uploaded picture, by id or by its path', async () => {
    const byUrl = await created({ ...valid, image: 'https://example.ru/photo.jpg' });
    expect(byUrl).toMatchObject({ image: 'https://example.ru/photo.jpg', imageId: null });

    const { id: imageId, url } = await uploadPicture(ctx.app, adminSid);

    const byId = await created({ ...valid, imageId });
    expect(byId).toMatchObject({ image: url, imageId });
    const byPath = await created({ ...valid, image: url });
    expect(byPath).toMatchObject({ image: url, imageId });
    expect((await publicNews()).find((entry) => entry.id === byId.id)?.image).toBe(url);
  });

  it('shows the first 100 characters of the content as the preview', async () => {
    const content = `${'Длинный текст новости. '.repeat(10)}конец`;
    const item = await created({ ...valid, content });
    expect(item.preview).toHaveLength(100);
    expect(item.preview).toBe(content.slice(0, 100));
    expect(item.content).toBe(content);
  });
});

describe('validation', () => {
  const cases: [string, object, string][] = [
    ['no title', { content: valid.content, category: 'news' }, messages.required],
    ['a blank title', { ...valid, title: '   ' }, messages.required],
    ['no content', { title: valid.title, category: 'news' }, messages.required],
    ['an empty content', { ...valid, content: '' }, messages.required],
    ['a title over 200 characters', { ...valid, title: 'а'.repeat(201) }, 'Не более 200 символов'],
    ['content over 20000 characters', { ...valid, content: 'а'.repeat(20_001) }, 'Не более 20000 символов'],
    ['no category', { title: valid.title, content: valid.content }, messages.category],
    ['an unknown category', { ...valid, category: 'event' }, messages.category],
    ['a success story without a foundation', { ...valid, category: 'success' }, messages.foundationRequired],
    [
      'a success story with foundationId null',
      { ...valid, category: 'success', foundationId: null },
      messages.foundationRequired,
    ],
    ['an unknown foundation', { ...valid, foundationId: 999_999 }, messages.foundationNotFound],
    ['a malformed foundation id', { ...valid, foundationId: 'один' }, messages.foundationId],
    ['a javascript: image', { ...valid, image: 'javascript:alert(1)' }, messages.image],
    ['an ftp: image', { ...valid, image: 'ftp://x' }, messages.image],
    ['a data: image', { ...valid, image: 'data:image/png;base64,AAAA' }, messages.image],
    ['an image that is not an address', { ...valid, image: 'картинка' }, messages.image],
    ['an image path outside /api/images/', { ...valid, image: '/api/images/../admin' }, messages.image],
    ['an unknown uploaded picture id', { ...valid, imageId: 999_999 }, messages.imageNotFound],
    ['an unknown uploaded picture path', { ...valid, image: '/api/images/999999' }, messages.imageNotFound],
    ['a malformed picture id', { ...valid, imageId: -3 }, messages.imageId],
    ['isPublished that is not a boolean', { ...valid, isPublished: 'да' }, messages.isPublished],
  ];

  it.each(cases)('POST with %s answers 400 and stores nothing', async (_name, payload, message) => {
    const before = await newsCount();
    const response = await createNews(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await newsCount()).toBe(before);
  });

  it.each(cases)('PUT with %s answers 400 and changes nothing', async (_name, payload, message) => {
    const item = await created();
    const before = await storedRow(item.id);
    const response = await updateNews(item.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await storedRow(item.id)).toEqual(before);
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await call(method, '/api/admin/news/abc', method === 'PUT' ? valid : undefined);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.newsId });
    }
  });
});

describe('GET /api/admin/news', () => {
  it('lists drafts and published items, newest first, filtered by category', async () => {
    const tag = marker();
    const foundation = await createFoundation(ctx.database.db);
    const first = await created({ ...valid, title: `Первая ${tag}`, isPublished: false });
    const story = await created({
      ...valid,
      title: `История ${tag}`,
      category: 'success',
      foundationId: foundation.id,
    });
    const last = await created({ ...valid, title: `Последняя ${tag}` });

    const all = await listAdmin(`?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect((all.json() as AdminNewsItem[]).map((item) => item.id)).toEqual([last.id, story.id, first.id]);
    expect(all.headers['x-total-count']).toBe('3');

    const stories = await listAdmin(`?search=${tag}&category=success`);
    expect((stories.json() as AdminNewsItem[]).map((item) => item.id)).toEqual([story.id]);
    expect(stories.headers['x-total-count']).toBe('1');
    const plain = await listAdmin(`?search=${tag}&category=news`);
    expect((plain.json() as AdminNewsItem[]).map((item) => item.id)).toEqual([last.id, first.id]);

    // Without a search the category filter alone counts every item of that category.
    const [successRows] = await ctx.database.db
      .select({ n: count() })
      .from(news)
      .where(eq(news.category, 'success'));
    const everyStory = await listAdmin('?category=success&limit=100');
    expect(everyStory.headers['x-total-count']).toBe(String(successRows?.n));
    expect((everyStory.json() as AdminNewsItem[]).every((item) => item.category === 'success')).toBe(true);
  });

  it('searches title and content regardless of case, with % and _ taken literally', async () => {
    const tag = marker();
    const inTitle = await created({ ...valid, title: `Акция ${tag} в Москве` });
    const inContent = await created({
      ...valid,
      content: `Подробности: ${tag.toUpperCase()} и 100% участие`,
    });
    await created({ ...valid, title: 'Совсем другая новость', content: 'Ничего общего' });

    const found = await listAdmin(`?search=${encodeURIComponent(tag.toUpperCase())}`);
    expect((found.json() as AdminNewsItem[]).map((item) => item.id).sort()).toEqual(
      [inTitle.id, inContent.id].sort(),
    );

    const percent = await listAdmin(`?search=${encodeURIComponent(`${tag.toUpperCase()} и 100%`)}`);
    expect((percent.json() as AdminNewsItem[]).map((item) => item.id)).toEqual([inContent.id]);
    const wildcard = await listAdmin(`?search=${encodeURIComponent('%_%')}`);
    expect(wildcard.headers['x-total-count']).toBe('0');
  });

  it('pages on the server, 20 by default, and counts every match in X-Total-Count', async () => {
    const tag = marker();
    const ids: number[] = [];
    for (let index = 0; index < 23; index += 1) {
      ids.push((await created({ ...valid, title: `Страница ${tag} ${index}` })).id);
    }
    const newestFirst = [...ids].reverse();

    const firstPage = await listAdmin(`?search=${tag}`);
    expect(firstPage.headers['x-total-count']).toBe('23');
    expect((firstPage.json() as AdminNewsItem[]).map((item) => item.id)).toEqual(newestFirst.slice(0, 20));

    const secondPage = await listAdmin(`?search=${tag}&page=2`);
    expect((secondPage.json() as AdminNewsItem[]).map((item) => item.id)).toEqual(newestFirst.slice(20));

    const small = await listAdmin(`?search=${tag}&page=3&limit=5`);
    expect((small.json() as AdminNewsItem[]).map((item) => item.id)).toEqual(newestFirst.slice(10, 15));
    expect(small.headers['x-total-count']).toBe('23');

    const beyond = await listAdmin(`?search=${tag}&page=9`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('23');
  });

  it('answers 400 for a malformed page or category', async () => {
    const page = await listAdmin('?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({ message: paginationMessages.page });
    const category = await listAdmin('?category=all');
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ message: messages.category });
  });
});

describe('PUT and DELETE /api/admin/news/{id}', () => {
  it('changes the item and keeps its creation time', async () => {
    const item = await created();
    const response = await updateNews(item.id, {
      title: 'Новый заголовок',
      content: 'Новый текст',
      category: 'news',
      image: 'http://example.ru/a.png',
    });
    expect(response.statusCode).toBe(200);
    const updated = itemOf(response);
    expect(updated).toMatchObject({
      id: item.id,
      title: 'Новый заголовок',
      content: 'Новый текст',
      image: 'http://example.ru/a.png',
      createdAt: item.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(item.updatedAt));

    const cleared = itemOf(await updateNews(item.id, { ...valid, image: null }));
    expect(cleared.image).toBeNull();
  });

  it('answers 404 for a missing item on PUT and DELETE', async () => {
    const before = await newsCount();
    const put = await updateNews(999_999, valid);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: messages.notFound });
    const removed = await call('DELETE', '/api/admin/news/999999');
    expect(removed.statusCode).toBe(404);
    expect(removed.json()).toEqual({ message: messages.notFound });
    expect(await newsCount()).toBe(before);
  });

  it('deletes an item: gone from both lists, and a second delete is 404', async () => {
    const tag = marker();
    const item = await created({ ...valid, title: `Удаляемая ${tag}` });
    const removed = await call('DELETE', `/api/admin/news/${item.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Новость удалена' });

    expect(await storedRow(item.id)).toBeUndefined();
    expect((await listAdmin(`?search=${tag}`)).json()).toEqual([]);
    expect((await publicNews()).some((entry) => entry.id === item.id)).toBe(false);
    expect((await call('DELETE', `/api/admin/news/${item.id}`)).statusCode).toBe(404);
    expect((await updateNews(item.id, valid)).statusCode).toBe(404);
  });
});
