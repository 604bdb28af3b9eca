import type { Logger } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListQuerySchema } from '../../shared/events';
import { foundationListQuerySchema } from '../../shared/foundations';
import {
  listAllApplications,
  listAllEvents,
  listOrganisationsForModeration,
  listUsers,
} from '../admin/lists';
import {
  listCompletedEvents,
  listFoundationApplications,
  listSchoolApplications,
} from '../applications/lists';
import { createCalendar } from '../calendar';
import { loadConfig } from '../config';
import { getEventForViewer, listPublicEvents } from '../events/service';
import { getPublicFoundation, listPublicFoundations } from '../foundations/service';
import { foundationStats } from '../foundations/stats';
import { listPublishedNews } from '../news/service';
import { getProfile } from '../profile/service';
import { listOwnReports } from '../reports/service';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { listRequests } from '../volunteer-requests/service';
import type { Db } from './client';
import { nameKeptStatements } from './kept-statements';
import * as schema from './schema';

// The planner's choice depends on the server and on the table sizes, so this runs on PostgreSQL only,
// at the size the issue measured (50,000 events); PGlite is one process for one user and is measured by
// the bench instead.
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.log('DATABASE_URL не задан: проверка планов запросов списков на PostgreSQL пропущена');
}

/**
 * Tables that grow with the platform. A query that answers a page (its plan ends in a Limit) may scan
 * none of them: a page of six must not read the catalogue. A count of a whole list reads every match
 * once however it is done; it may scan a table only when the table is small enough that reading it costs
 * less than probing an index for each row (the planner's choice for a few thousand foundations or
 * schools), never one of more than `bigTableRows` rows.
 */
const listedTables = [
  'events',
  'registrations',
  'users',
  'foundations',
  'schools',
  'news',
  'volunteer_requests',
  'hour_credits',
  'foundation_reports',
];
const bigTableRows = 10_000;

/** The bench's catalogue (issue 27); a few requests and news items per foundation. */
const sizes = {
  foundations: 2000,
  schools: 5000,
  events: 50_000,
  applicationsPerEvent: 6,
  volunteerRequests: 5000,
  news: 2000,
};

type PlanNode = {
  'Node Type': string;
  Output?: string[];
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/** The tables a plan reads whole. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** How many times each subquery of the plan ran (EXPLAIN ANALYZE): once per row it was computed for. */
function subplanLoops(node: PlanNode): number[] {
  const own = node['Parent Relationship'] === 'SubPlan' ? [node['Actual Loops'] ?? 0] : [];
  return [...own, ...(node.Plans ?? []).flatMap(subplanLoops)];
}

/** The most times any node reading `table` ran (EXPLAIN ANALYZE): once per row it was looked up for. */
function tableLoops(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? (node['Actual Loops'] ?? 0) : 0;
  return Math.max(own, ...(node.Plans ?? []).map((child) => tableLoops(child, table)));
}

/** The nodes of a plan that read `tables`, by kind: "Index Only Scan", "Bitmap Heap Scan"… */
function readsOf(node: PlanNode, tables: readonly string[]): string[] {
  const relation = node['Relation Name'];
  const own = relation && tables.includes(relation) ? [`${relation}: ${node['Node Type']}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => readsOf(child, tables))];
}

/** The sorts of a plan: a page found on its order's index has none. */
function sorts(node: PlanNode): string[] {
  const own = node['Node Type'].endsWith('Sort') ? [node['Node Type']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(sorts)];
}

/**
 * The fill, in a few set-based statements: one foundation and one school are far bigger than the rest.
 * Each statement commits on its own, and the events go in by `eventsPerStatement`: the trigger that keeps
 * a foundation's number of events updates the big foundation's row once per event, and PostgreSQL walks
 * every version of that row left by the same transaction, so one statement of 5,000 such updates took
 * two thirds of the fill (13 of 20 s here, over the 3-minute hook on a busy CI machine).
 */
const eventsPerStatement = 5000;
const fill: string[] = [
  `
insert into users (username, password_hash, role, created_at)
  select 'fond_' || g, 'x', 'foundation', now() - g * interval '1 minute' from generate_series(1, ${sizes.foundations}) g;
insert into users (username, password_hash, role, created_at)
  select 'school_' || g, 'x', 'school', now() - g * interval '1 minute' from generate_series(1, ${sizes.schools}) g;
insert into users (username, password_hash, role) values ('admin_plans', 'x', 'admin');
insert into foundations (name, description, directions, moderation_status, location)
  select 'Фонд ' || id, 'Помогаем людям и природе вместе со школьниками.', '{ecology}',
    (case when id % 25 = 0 then 'pending' else 'approved' end)::moderation_status, 'Москва'
  from users where role = 'foundation' order by id;
insert into schools (name, moderation_status)
  select 'Школа № ' || id, 'approved' from users where role = 'school' order by id;
insert into organisation_members (user_id, foundation_id, role)
  select u.id, f.id, 'owner' from users u join foundations f on f.name = 'Фонд ' || u.id;
insert into organisation_members (user_id, school_id, role)
  select u.id, s.id, 'owner' from users u join schools s on s.name = 'Школа № ' || u.id;`,
  ...Array.from(
    { length: sizes.events / eventsPerStatement },
    (_, chunk) => chunk * eventsPerStatement + 1,
  ).map(
    (first) => `
-- A tenth of the events belong to the first foundation: the big one.
insert into events (foundation_id, title, description, activity_type, status, date, start_time, end_time,
    location, address, hours, total_slots, reserved_slots)
  select f.min_id + case when g % 10 = 0 then 0 else g % ${sizes.foundations} end,
    'Мероприятие ' || g, 'Описание мероприятия для школьников-волонтёров номер ' || g,
    (array['ecology', 'education', 'social', 'sport', 'culture'])[1 + g % 5]::activity_type,
    (case when g % 40 = 0 then 'canceled' when g % 2 = 0 then 'completed' else 'upcoming' end)::event_status,
    current_date + (g % 730 - 365), '10:00', '13:00', 'Парк Горького',
    (array['Москва', 'Санкт-Петербург', 'Казань', 'Тверь', 'Самарская обл.', 'Пермь', 'Омск', 'Томск'])[1 + g % 8]
      || ', ул. Ленина, ' || (g % 200), 3,
    case when g % 3 = 0 then null else 5000 end, 0
  from generate_series(${first}, ${first + eventsPerStatement - 1}) g, (select min(id) as min_id from foundations) f`,
  ),
  `
-- Each event has a few applications of different schools; pairs (event, k) are distinct, and so are the
-- schools of one event.
insert into registrations (event_id, school_id, status, participant_count, contact_person, registered_at)
  select e.min_id + g % ${sizes.events},
    s.min_id + (g / ${sizes.events} + ${sizes.applicationsPerEvent} * ((g % ${sizes.events}) % 833)) % ${sizes.schools},
    (case g % 10 when 0 then 'pending' when 1 then 'approved' when 2 then 'rejected' else 'completed' end)::registration_status,
    5, 'Учитель', now() - (g % 500) * interval '1 hour'
  from generate_series(0, ${sizes.events * sizes.applicationsPerEvent - 1}) g,
    (select min(id) as min_id from events) e, (select min(id) as min_id from schools) s;
-- The big school: a year of applications besides its share above.
insert into registrations (event_id, school_id, status, participant_count, contact_person, registered_at)
  select e.min_id + g, s.min_id, 'completed', 5, 'Учитель', now() - g * interval '4 hours'
  from generate_series(1, 2000) g, (select min(id) as min_id from events) e,
    (select min(id) as min_id from schools) s
  where g % 833 <> 0;
-- Hours credited for every completed application, and a few reports of each foundation.
insert into hour_credits (school_id, registration_id, event_id, foundation_id, event_title, event_date,
    participant_count, hours)
  select r.school_id, r.id, r.event_id, e.foundation_id, e.title, e.date, 5, 3
  from registrations r join events e on e.id = r.event_id where r.status = 'completed';
insert into foundation_reports (foundation_id, event_title, event_date, volunteers_count, created_at)
  select f.id, 'Отчёт ' || g, current_date - g, 10, now() - g * interval '1 day'
  from foundations f, generate_series(1, 20) g;
insert into volunteer_requests (foundation_id, title, description, event_date, event_time, location,
    volunteers_needed, status, created_at)
  select f.min_id + g % ${sizes.foundations}, 'Нужны волонтёры ' || g, 'Описание просьбы',
    current_date + g % 100, '10:00', 'Парк', 10,
    (case when g % 3 = 0 then 'closed' else 'open' end)::volunteer_request_status,
    now() - g * interval '1 hour'
  from generate_series(1, ${sizes.volunteerRequests}) g, (select min(id) as min_id from foundations) f;
insert into news (title, content, is_published, created_at)
  select 'Новость ' || g, repeat('Текст новости. ', 200), g % 10 <> 0, now() - g * interval '1 hour'
  from generate_series(1, ${sizes.news}) g;
`,
];

/** What each list reads, as its service builds it; the lead adds the search's queries where marked. */
interface ListRead {
  name: string;
  read(db: Db): Promise<unknown>;
}

describe.skipIf(!databaseUrl)('the query plans of every list at 50,000 events, on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let captured: { query: string; params: unknown[] }[] = [];
  let capturing: Db;
  /** Rows per table after the fill, as the planner counts them. */
  let rowsOf: Map<string, number>;
  const calendar = createCalendar('Europe/Moscow');
  const ids = { bigFoundationUser: 0, bigFoundation: 0, bigSchoolUser: 0, event: 0 };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Named statements are completed by the connection, as the server's pools do (db/client.ts).
    pool = nameKeptStatements(new pg.Pool({ connectionString: database.url, max: 2 }));
    for (const statements of fill) await pool.query(statements);
    // What autovacuum does for a live database after a bulk load: statistics and the visibility map.
    await pool.query('vacuum analyze');
    const { rows } = await pool.query<{
      foundation_user: number;
      foundation: number;
      school_user: number;
      event: number;
    }>(`select (select user_id from organisation_members
          where foundation_id = (select min(id) from foundations)) as foundation_user,
        (select min(id) from foundations) as foundation,
        (select user_id from organisation_members where school_id = (select min(id) from schools)) as school_user,
        (select max(e.id) from events e join foundations f on f.id = e.foundation_id
          where e.status = 'upcoming' and f.moderation_status = 'approved') as event`);
    const row = rows[0];
    if (!row) throw new Error('the fill made no rows');
    ids.bigFoundationUser = row.foundation_user;
    ids.bigFoundation = row.foundation;
    ids.bigSchoolUser = row.school_user;
    ids.event = row.event;
    const tables = await pool.query<{ relname: string; reltuples: number }>(
      `select relname, reltuples from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    rowsOf = new Map(tables.rows.map((table) => [table.relname, Number(table.reltuples)]));
    const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
    capturing = drizzle(pool, { schema, logger }) as unknown as Db;
  }, 600_000);

  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  const eventsQuery = (query: Record<string, string | string[]>) => eventListQuerySchema.parse(query);

  /** The statements `list` sends, each with its plan as EXPLAIN (`options`, format json) gives it. */
  async function plansOf(list: ListRead, options = ''): Promise<{ query: string; plan: PlanNode }[]> {
    captured = [];
    await list.read(capturing);
    const plans: { query: string; plan: PlanNode }[] = [];
    for (const { query, params } of captured) {
      const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (${options ? `${options}, ` : ''}format json) ${query}`,
        params,
      );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error(`no plan for ${query}`);
      plans.push({ query, plan });
    }
    return plans;
  }

  const lists: ListRead[] = [
    {
      name: 'the public events list, a page far in',
      read: (db) => listPublicEvents(db, calendar, eventsQuery({ page: '400', limit: '6' })),
    },
    {
      name: 'the public events list, this month, one type',
      read: (db) =>
        listPublicEvents(
          db,
          calendar,
          eventsQuery({ date: 'month', activityType: 'ecology', page: '2', limit: '6' }),
        ),
    },
    { name: 'an event', read: (db) => getEventForViewer(db, calendar, ids.event) },
    {
      name: 'the foundations list',
      read: (db) => listPublicFoundations(db, foundationListQuerySchema.parse({ page: '20', limit: '6' })),
    },
    {
      name: "a big foundation's page with its events",
      read: (db) => getPublicFoundation(db, calendar, ids.bigFoundation),
    },
    {
      name: 'the volunteer requests',
      read: (db) => listRequests(db, undefined, { page: 3, limit: 20 }),
    },
    {
      name: "a school's applications",
      read: (db) => listSchoolApplications(db, ids.bigSchoolUser, { page: 2, limit: 20 }),
    },
    {
      name: "a school's approved applications",
      read: (db) => listSchoolApplications(db, ids.bigSchoolUser, { status: 'approved', page: 2, limit: 20 }),
    },
    {
      name: "a school's archive of credited hours",
      read: (db) => listCompletedEvents(db, ids.bigSchoolUser, { page: 2, limit: 20 }),
    },
    {
      name: "a big foundation's approved applications",
      read: (db) =>
        listFoundationApplications(db, ids.bigFoundationUser, { status: 'approved', page: 2, limit: 20 }),
    },
    {
      name: "a foundation's reports",
      read: (db) => listOwnReports(db, ids.bigFoundationUser, { page: 1, limit: 20 }),
    },
    {
      name: "a big foundation's applications",
      read: (db) =>
        listFoundationApplications(db, ids.bigFoundationUser, { status: 'all', page: 3, limit: 10 }),
    },
    {
      name: "a big foundation's pending applications",
      read: (db) =>
        listFoundationApplications(db, ids.bigFoundationUser, { status: 'pending', page: 1, limit: 10 }),
    },
    {
      name: "the administrator's users",
      read: (db) => listUsers(db, { role: 'all', search: undefined, page: 5, limit: 20 }),
    },
    {
      name: "the administrator's events",
      read: (db) => listAllEvents(db, { search: undefined, page: 10, limit: 20 }),
    },
    {
      name: "the administrator's applications, a page far in",
      read: (db) => listAllApplications(db, { status: 'all', page: 50, limit: 20 }),
    },
    {
      name: "the administrator's moderation list, pending first",
      read: (db) => listOrganisationsForModeration(db, { status: 'all', type: 'all', page: 5, limit: 20 }),
    },
    {
      name: "the administrator's moderation list of the pending",
      read: (db) =>
        listOrganisationsForModeration(db, { status: 'pending', type: 'all', page: 2, limit: 20 }),
    },
    { name: 'the news', read: (db) => listPublishedNews(db, { page: 3, limit: 12 }) },
  ];

  /** Searches and the city filter read the stored search document and the city through their indexes. */
  const searches: ListRead[] = [
    {
      name: 'a search for an event by a word of its title',
      read: (db) => listPublicEvents(db, calendar, eventsQuery({ search: 'Мероприятие 4242', limit: '12' })),
    },
    {
      name: "a search for events by their foundation's name, the last word typed in part",
      read: (db) => listPublicEvents(db, calendar, eventsQuery({ search: 'Фонд 17', limit: '12' })),
    },
    {
      name: 'a search of the foundations',
      read: (db) =>
        listPublicFoundations(db, foundationListQuerySchema.parse({ search: 'Фонд 42', limit: '6' })),
    },
    {
      name: 'the public events list of one city',
      read: (db) => listPublicEvents(db, calendar, eventsQuery({ city: 'Тверь', page: '3', limit: '6' })),
    },
  ];

  it.each([...lists, ...searches].map((list) => [list.name, list] as const))(
    '%s reads its page through indexes and scans no big table',
    async (_name, list) => {
      const plans = await plansOf(list);
      expect(plans.length).toBeGreaterThan(0);
      const scans: string[] = [];
      for (const { query, plan } of plans) {
        const readsPage = plan['Node Type'] === 'Limit';
        for (const table of seqScans(plan)) {
          const big = (rowsOf.get(table) ?? 0) > bigTableRows;
          if (big || (readsPage && listedTables.includes(table))) scans.push(`${table}: ${query}`);
        }
      }
      expect(scans).toEqual([]);
    },
    30_000,
  );

  /** Lists whose rows carry a figure computed by a subquery per row, each at a page far in. */
  const farPages: (ListRead & { shown: number })[] = [
    {
      name: "the public events list (each event's pupils taking part)",
      shown: 6,
      read: (db) => listPublicEvents(db, calendar, eventsQuery({ page: '400', limit: '6' })),
    },
    {
      name: "the public events list of one type (each event's pupils taking part)",
      shown: 6,
      read: (db) =>
        listPublicEvents(db, calendar, eventsQuery({ activityType: 'sport', page: '300', limit: '6' })),
    },
    {
      name: "the administrator's events (each event's applications)",
      shown: 20,
      read: (db) => listAllEvents(db, { search: undefined, page: 100, limit: 20 }),
    },
    {
      name: "the volunteer requests (each one's responses)",
      shown: 20,
      read: (db) => listRequests(db, undefined, { page: 50, limit: 20 }),
    },
  ];

  /** A list whose rows carry an excerpt of their text and their foundation's name, at a page far in. */
  const farNewsPage: ListRead = {
    name: "the news (each item's excerpt and foundation's name)",
    read: (db) => listPublishedNews(db, { page: 100, limit: 12 }),
  };

  /** Lists of applications whose rows carry their hours (a subquery) and their event, at a page far in. */
  const farApplicationPages: (ListRead & { shown: number })[] = [
    {
      name: "a school's applications (each one's hours)",
      shown: 20,
      read: (db) => listSchoolApplications(db, ids.bigSchoolUser, { page: 20, limit: 20 }),
    },
    {
      name: "a big foundation's applications (each one's hours)",
      shown: 10,
      read: (db) =>
        listFoundationApplications(db, ids.bigFoundationUser, { status: 'all', page: 20, limit: 10 }),
    },
  ];

  /** A search ranks every match, so its order is a sort; its figures are still for its page alone. */
  const everyEventSearch = {
    name: "a search matching every event (each event's pupils taking part)",
    shown: 12,
    read: (db: Db) => listPublicEvents(db, calendar, eventsQuery({ search: 'Мероприятие', limit: '12' })),
  };

  it.each([...farPages, ...farApplicationPages, everyEventSearch].map((list) => [list.name, list] as const))(
    "%s computes a far page's figures for the rows it shows only",
    async (_name, list) => {
      const loops = (await plansOf(list, 'analyze')).flatMap(({ plan }) => subplanLoops(plan));
      // Before, the subquery ran for every row the offset skipped as well: 2,400 times for the first; for
      // every match the search ranked: 50,000 times.
      expect(loops.length).toBeGreaterThan(0);
      expect(Math.max(...loops)).toBeLessThanOrEqual(list.shown);
    },
    30_000,
  );

  it("ranks a search's matches by their ids alone, and reads whole only the page it shows", async () => {
    const windows: string[][] = [];
    const visit = (node: PlanNode) => {
      if (node['Node Type'] === 'WindowAgg') windows.push(node.Output ?? []);
      for (const child of node.Plans ?? []) visit(child);
    };
    for (const { plan } of await plansOf(everyEventSearch, 'verbose')) visit(plan);
    // Before, the window that counts the matches held every match whole, its description too: at 5,335
    // matches it spilled to a temporary file, and the search took twice as long.
    expect(windows).toHaveLength(1);
    expect(windows[0]?.some((column) => column.includes('description'))).toBe(false);
  }, 30_000);

  /** The counters read with every signed-in page (the profile) and on the foundation's dashboard. */
  const counters: ListRead[] = [
    { name: "a big foundation's profile", read: (db) => getProfile(db, ids.bigFoundationUser) },
    { name: "a big school's profile", read: (db) => getProfile(db, ids.bigSchoolUser) },
    {
      name: "a big foundation's dashboard figures",
      read: (db) => foundationStats(db, ids.bigFoundationUser),
    },
  ];

  it.each(counters.map((list) => [list.name, list] as const))(
    '%s counts events, applications and hours from indexes alone',
    async (_name, list) => {
      const reads = (await plansOf(list)).flatMap(({ plan }) =>
        readsOf(plan, ['events', 'registrations', 'hour_credits']),
      );
      // Before, the big foundation's upcoming events were counted by reading each one's heap page, and
      // every credited hour of the foundation or the school was read from the table.
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((read) => !read.endsWith('Index Only Scan'))).toEqual([]);
    },
    30_000,
  );

  it('the foundations list finds a far page on its index alone before it reads a foundation', async () => {
    const farFoundations: ListRead = {
      name: 'the foundations list, a page far in',
      read: (db) => listPublicFoundations(db, foundationListQuerySchema.parse({ page: '150', limit: '12' })),
    };
    const pages = (await plansOf(farFoundations, 'analyze')).filter(
      ({ plan }) => plan['Node Type'] === 'Limit',
    );
    // Before, each of the 1,788 foundations the offset skipped was read from the table, its description
    // too, to be dropped.
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.flatMap(({ plan }) => readsOf(plan, ['foundations']))).toEqual([
      'foundations: Index Only Scan',
    ]);
  }, 30_000);

  it.each([...farPages, farNewsPage].map((list) => [list.name, list] as const))(
    '%s walks its order index to a far page, with no sort and no look-up of a foundation per row skipped',
    async (_name, list) => {
      const found = (await plansOf(list, 'analyze'))
        .filter(({ plan }) => plan['Node Type'] === 'Limit')
        .map(({ plan }) => ({ sorts: sorts(plan), foundationLoops: tableLoops(plan, 'foundations') }));
      // Before, the public list checked the foundation of each of the 2,400 events it skipped, and the
      // administrator's sorted each day's events by time on the way to page 100.
      expect(found.length).toBeGreaterThan(0);
      for (const page of found) {
        expect(page.sorts).toEqual([]);
        expect(page.foundationLoops).toBeLessThanOrEqual(1);
      }
    },
    30_000,
  );
});
