import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventQueryMessages } from '../../shared/events';
import { maxCityLength } from '../../shared/list-addresses';
import { createCalendar } from '../calendar';
import { events, foundations } from '../db/schema';
import { createEvent, createFoundation } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// Search as people type it (issue 27): the address and the foundation's name count, Russian word forms
// match, ё is е, the word being typed matches as a beginning, and the best matches come first.

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
  const db = ctx.database.db;
  const green = await createFoundation(db, { name: 'Фонд «Зелёный город»' });
  const kind = await createFoundation(db, { name: 'Добрые соседи' });
  const hidden = await createFoundation(db, { name: 'Фонд на проверке', status: 'pending' });
  const make = async (key: string, foundationId: number, values: Parameters<typeof createEvent>[2]) => {
    ids[key] = (await createEvent(db, foundationId, { title: key, ...values })).id;
  };
  await make('Посадка деревьев', green.id, {
    date: '2026-12-01',
    location: 'Измайловский парк',
    address: 'Москва, Измайловский парк, вход с Народного проспекта',
    description: 'Высаживаем липы вдоль аллеи, инструменты от фонда.',
  });
  await make('Субботник в парке', green.id, {
    date: '2026-12-03',
    location: 'Парк Горького',
    address: 'г. Казань, ул. Ершова, д. 1',
    description: 'Убираем листья и красим скамейки вместе со школьниками.',
  });
  await make('Новогодняя Ёлка для малышей', kind.id, {
    date: '2026-12-20',
    location: 'Дом культуры',
    address: 'Санкт-Петербург, Невский пр., д. 88',
    description: 'Водим хороводы и дарим подарки детям из приютов.',
  });
  await make('Уроки чтения', kind.id, {
    date: '2026-11-28',
    location: 'Библиотека № 42',
    address: 'Москва, ул. Новослободская, д. 20',
    description: 'Читаем вслух и обсуждаем книги: например, про городской парк.',
  });
  await make('Тихий час', kind.id, {
    date: '2026-12-06',
    location: 'Самарская обл., г. Тольятти, ул. Мира, 5',
    description: 'Помогаем в доме престарелых.',
  });
  await make('Москва скрыта', hidden.id, {
    date: '2026-12-02',
    location: 'Дворец',
    address: 'Москва, Тверская ул., д. 1',
  });
  await make('Москва отменена', green.id, {
    date: '2026-12-02',
    location: 'Дворец',
    address: 'Новосибирск, Красный пр., д. 1',
    status: 'canceled',
    description: 'Поездка в Москву отменена, в Новосибирске не будет занятий.',
  });
  ids.green = green.id;
  ids.kind = kind.id;
});
afterAll(() => ctx.close());

async function search(text: string, extra = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/events?search=${encodeURIComponent(text)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return {
    titles: (response.json() as { title: string }[]).map((event) => event.title),
    total: Number(response.headers['x-total-count']),
  };
}

describe('GET /api/events?search=', () => {
  it('finds events by the city of their address', async () => {
    // Equal matches keep the list's order: by date.
    expect((await search('Москва')).titles).toEqual(['Уроки чтения', 'Посадка деревьев']);
    expect((await search('москве')).titles).toEqual(['Уроки чтения', 'Посадка деревьев']);
    expect((await search('Казань')).titles).toEqual(['Субботник в парке']);
  });

  it('finds every Russian form of a word: «парки» finds «парк» and «парке»', async () => {
    const { titles, total } = await search('парки');
    expect(titles).toHaveLength(3);
    expect(titles).toEqual(expect.arrayContaining(['Посадка деревьев', 'Субботник в парке', 'Уроки чтения']));
    expect(total).toBe(3);
  });

  it('takes ё and е alike, in what is typed and in what is stored', async () => {
    expect((await search('ёлка')).titles).toEqual(['Новогодняя Ёлка для малышей']);
    expect((await search('елка')).titles).toEqual(['Новогодняя Ёлка для малышей']);
    expect((await search('ЕЛКИ')).titles).toEqual(['Новогодняя Ёлка для малышей']);
    expect((await search('зеленый город')).total).toBe(2);
  });

  it("finds a foundation's events by the foundation's name", async () => {
    expect((await search('Добрые соседи')).titles).toEqual([
      'Уроки чтения',
      'Тихий час',
      'Новогодняя Ёлка для малышей',
    ]);
  });

  it('takes the last word as the beginning of a word, as people type', async () => {
    expect((await search('Моск')).titles).toEqual(['Уроки чтения', 'Посадка деревьев']);
    expect((await search('уроки чт')).titles).toEqual(['Уроки чтения']);
    expect((await search('Санкт-Петер')).titles).toEqual(['Новогодняя Ёлка для малышей']);
  });

  it('needs every word typed', async () => {
    expect((await search('парк Казань')).titles).toEqual(['Субботник в парке']);
    expect((await search('парк Новосибирск')).titles).toEqual([]);
  });

  it('puts a match in the title before one in the description alone', async () => {
    // By date alone «Уроки чтения», which mentions a park in its description only, would come first.
    expect((await search('парк')).titles).toEqual(['Субботник в парке', 'Посадка деревьев', 'Уроки чтения']);
  });

  it('reads operators and quotes as text, never as query syntax', async () => {
    for (const typed of ["парк & !'", 'парк:* | (', '\\', "'", '!', '<->']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/events?search=${encodeURIComponent(typed)}`,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await search("парк & !'")).total).toBe(3);
    expect((await search('<->')).titles).toEqual([]);
  });

  it('counts every match and pages them', async () => {
    const first = await search('парк', '&limit=2&page=1');
    const second = await search('парк', '&limit=2&page=2');
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.titles, ...second.titles]).toHaveLength(3);
    expect(await search('парк', '&limit=2&page=5')).toEqual({ titles: [], total: 3 });
  });
});

describe('search documents kept by the database', () => {
  it("rewrites a foundation's events when the foundation is renamed", async () => {
    const db = ctx.database.db;
    await db
      .update(foundations)
      .set({ name: 'Лесные друзья' })
      .where(eq(foundations.id, ids.kind ?? 0));
    ctx.app.publicCache.invalidate();
    expect((await search('лесные друзья')).total).toBe(3);
    expect((await search('Добрые соседи')).total).toBe(0);
    await db
      .update(foundations)
      .set({ name: 'Добрые соседи' })
      .where(eq(foundations.id, ids.kind ?? 0));
    ctx.app.publicCache.invalidate();
  });

  it("rewrites an event's document when its address changes", async () => {
    const db = ctx.database.db;
    const id = ids['Субботник в парке'] ?? 0;
    await db.update(events).set({ address: 'Екатеринбург, ул. Малышева, д. 2' }).where(eq(events.id, id));
    ctx.app.publicCache.invalidate();
    expect((await search('Екатеринбург')).titles).toEqual(['Субботник в парке']);
    expect((await search('Казань')).titles).toEqual([]);
    await db.update(events).set({ address: 'г. Казань, ул. Ершова, д. 1' }).where(eq(events.id, id));
    ctx.app.publicCache.invalidate();
  });
});

describe('the city filter', () => {
  it('lists the cities and regions of visible events only, alphabetically', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/events/cities' });
    expect(response.statusCode).toBe(200);
    // «Новосибирск» is only the city of a cancelled event; the hidden foundation's event is in Москва anyway.
    expect(response.json()).toEqual({ cities: ['Казань', 'Москва', 'Самарская обл.', 'Санкт-Петербург'] });
  });

  it('keeps the events of one city, with the other filters and search', async () => {
    const inCity = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/events?${query}` });
      expect(response.statusCode).toBe(200);
      return (response.json() as { title: string }[]).map((event) => event.title);
    };
    expect(await inCity(`city=${encodeURIComponent('Москва')}`)).toEqual([
      'Уроки чтения',
      'Посадка деревьев',
    ]);
    expect(await inCity(`city=${encodeURIComponent('Самарская обл.')}`)).toEqual(['Тихий час']);
    expect(
      await inCity(`city=${encodeURIComponent('Москва')}&search=${encodeURIComponent('чтение')}`),
    ).toEqual(['Уроки чтения']);
    expect(await inCity(`city=${encodeURIComponent('Атлантида')}`)).toEqual([]);
  });

  it.each(['', ' ', 'я'.repeat(maxCityLength + 1), 'Москва\u0000'])(
    'answers city=%j with 400 and a Russian message',
    async (city) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/events?city=${encodeURIComponent(city)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: eventQueryMessages.city });
    },
  );
});
