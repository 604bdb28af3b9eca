import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ArchiveEntry,
  FoundationApplication,
  SchoolApplication,
  SchoolApplicationCounts,
  SchoolApprovedApplication,
} from '../../shared/applications';
import { isOrganisationOf } from '../accounts/organisation';
import { applications, events, foundations, hourCredits, schools } from '../db/schema';
import { createSchool } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

// A school with a long history: 45 applications of its own, newest every hour, and another school's,
// all to one foundation's events.
let ctx: TestContext;
let sid: string;
let foundationSid: string;
const statuses = ['completed', 'completed', 'rejected', 'approved', 'pending'] as const;
const eventDescription = 'Описание мероприятия для школьников-волонтёров. '.repeat(10);
const foundationDescription = 'Фонд помогает приютам и паркам города вместе со школами. '.repeat(10);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const school = await signUp(ctx.app, 'school');
  sid = school.sid;
  const [own] = await db
    .update(schools)
    .set({ moderationStatus: 'approved', name: 'Лицей № 2' })
    .where(isOrganisationOf(schools, school.user.id))
    .returning({ id: schools.id });
  const other = await createSchool(db);
  const foundationAccount = await signUp(ctx.app, 'foundation');
  foundationSid = foundationAccount.sid;
  const [foundation] = await db
    .select({ id: foundations.id })
    .from(foundations)
    .where(isOrganisationOf(foundations, foundationAccount.user.id));
  if (!foundation) throw new Error('foundation not created');
  await db
    .update(foundations)
    .set({
      description: foundationDescription,
      address: 'Москва, ул. Садовая, д. 1',
      website: 'https://fond.example',
    })
    .where(eq(foundations.id, foundation.id));
  const made = await db
    .insert(events)
    .values(
      Array.from({ length: 46 }, (_, index) => ({
        foundationId: foundation.id,
        title: `Мероприятие ${index + 1}`,
        description: eventDescription,
        activityType: 'ecology' as const,
        date: '2026-12-20',
        startTime: '10:00',
        endTime: '13:00',
        location: 'Парк Горького',
        hours: 3,
      })),
    )
    .returning({ id: events.id });
  await db.insert(applications).values([
    ...made.slice(0, 45).map((event, index) => ({
      eventId: event.id,
      schoolId: own?.id ?? 0,
      status: statuses[index % statuses.length] ?? 'completed',
      participantCount: 5,
      contactPerson: 'Елена',
      registeredAt: new Date(Date.UTC(2026, 9, 1) + index * 3_600_000),
    })),
    { eventId: made[45]?.id ?? 0, schoolId: other.id, participantCount: 5, contactPerson: 'Иван' },
  ]);
  // Its archive: 25 credits of hours, one a day of October, the last one removed by the school.
  await db.insert(hourCredits).values(
    Array.from({ length: 25 }, (_, index) => ({
      schoolId: own?.id ?? 0,
      eventTitle: `Субботник ${index + 1}`,
      eventDate: `2026-10-${String(index + 1).padStart(2, '0')}`,
      participantCount: 4,
      hours: 2,
      withdrawnAt: index === 24 ? new Date('2026-11-01T10:00:00Z') : null,
    })),
  );
});
afterAll(() => ctx.close());

const page = async <Item = SchoolApplication>(query: string, list = '/api/my-applications', caller = sid) => {
  const response = await ctx.app.inject({ method: 'GET', url: `${list}${query}`, cookies: { sid: caller } });
  expect(response.statusCode).toBe(200);
  return {
    items: response.json() as Item[],
    total: Number(response.headers['x-total-count']),
  };
};

describe('GET /api/my-applications, a page at a time', () => {
  it('answers at most limit applications, newest first, and counts them all', async () => {
    const first = await page('?page=1&limit=20');
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(45);
    expect(first.items[0]?.event.title).toBe('Мероприятие 45');
    const second = await page('?page=2&limit=20');
    expect(second.items[0]?.event.title).toBe('Мероприятие 25');
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]?.id);
    expect((await page('?page=3&limit=20')).items).toHaveLength(5);
    // Without a page the first 20; the other school's application never shows.
    const plain = await page('');
    expect(plain.items).toHaveLength(20);
    expect(plain.items.every((item) => item.contactPerson === 'Елена')).toBe(true);
  });

  it('filters by status and by event, the total following the filter', async () => {
    const pending = await page('?status=pending&limit=5');
    expect(pending.total).toBe(9);
    expect(pending.items).toHaveLength(5);
    expect(pending.items.every((item) => item.status === 'pending')).toBe(true);
    const [a, b] = (await page('?limit=2')).items;
    const toTwo = await page(`?eventId=${a?.event.id}&eventId=${b?.event.id}`);
    expect(toTwo.items.map((item) => item.id)).toEqual([a?.id, b?.id]);
    expect(toTwo.total).toBe(2);
  });

  it('counts the applications of each status for the tabs', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/my-applications/counts',
      cookies: { sid },
    });
    expect(response.json() as SchoolApplicationCounts).toEqual({
      waitlisted: 0,
      pending: 9,
      approved: 9,
      rejected: 9,
      completed: 18,
    });
  });

  it('answers what its lists show, without the descriptions the approved page alone shows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/my-applications', cookies: { sid } });
    expect(response.body).not.toContain('Описание мероприятия');
    expect(response.body).not.toContain('Фонд помогает');
    const [item] = response.json() as SchoolApplication[];
    expect(Object.keys(item?.event ?? {})).not.toContain('description');
    expect(Object.keys(item?.foundation ?? {}).sort()).toEqual([
      'contactPerson',
      'email',
      'id',
      'name',
      'phone',
    ]);
  });

  it('refuses an unknown status in Russian', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/my-applications?status=lost',
      cookies: { sid },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Некорректный фильтр статуса' });
  });
});

describe('GET /api/school/approved-applications, a page at a time', () => {
  const approved = (query: string) => page(query, '/api/school/approved-applications');

  it('answers one page of the approved applications, newest first, and counts them all', async () => {
    const first = await approved('?limit=5');
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(5);
    expect(first.items.every((item) => item.status === 'approved')).toBe(true);
    expect(first.items[0]?.event.title).toBe('Мероприятие 44');
    const second = await approved('?page=2&limit=5');
    expect(second.items).toHaveLength(4);
    expect(second.items.map((item) => item.id)).not.toContain(first.items[4]?.id);
    expect((await approved('')).items).toHaveLength(9);
  });

  it("carries what the school needs to go: the event's and the foundation's descriptions, the address", async () => {
    const [item] = (await page<SchoolApprovedApplication>('?limit=1', '/api/school/approved-applications'))
      .items;
    expect(item?.event.description).toBe(eventDescription);
    expect(item?.foundation).toMatchObject({
      description: foundationDescription,
      address: 'Москва, ул. Садовая, д. 1',
      website: 'https://fond.example',
    });
  });

  it('refuses a malformed page in Russian', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/school/approved-applications?page=0',
      cookies: { sid },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Номер страницы должен быть целым числом не меньше 1' });
  });
});

describe('GET /api/foundation/approved-applications, a page at a time', () => {
  it('answers one page of the approved applications to its events and counts them all', async () => {
    const approved = (query: string) =>
      page<FoundationApplication>(query, '/api/foundation/approved-applications', foundationSid);
    const first = await approved('?limit=5');
    expect(first.total).toBe(9);
    expect(first.items).toHaveLength(5);
    expect(first.items.every((item) => item.status === 'approved')).toBe(true);
    expect(first.items[0]?.event.title).toBe('Мероприятие 44');
    expect((await approved('?page=2&limit=5')).items).toHaveLength(4);
    expect((await approved('')).items).toHaveLength(9);
  });
});

describe('GET /api/school/completed-events, a page at a time', () => {
  it('answers one page of the archive, latest event first, and counts the entries it keeps', async () => {
    const archive = (query: string) => page<ArchiveEntry>(query, '/api/school/completed-events');
    const first = await archive('?limit=10');
    expect(first.total).toBe(24);
    expect(first.items.map((entry) => entry.eventTitle).slice(0, 2)).toEqual([
      'Субботник 24',
      'Субботник 23',
    ]);
    const last = await archive('?page=3&limit=10');
    expect(last.items.map((entry) => entry.eventTitle)).toEqual([
      'Субботник 4',
      'Субботник 3',
      'Субботник 2',
      'Субботник 1',
    ]);
    expect((await archive('')).items).toHaveLength(20);
  });
});
