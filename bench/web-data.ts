// Fills a fresh PGlite folder for the page-speed benchmark (bench/web.ts) in a process of its own, then
// exits: the demo content with a password the benchmark knows, and a demo foundation and school with a
// few years of work, so the signed-in pages are measured with lists longer than one page (a foundation
// with hundreds of events, a school with hundreds of applications; issue 27).
// Usage (by bench/web.ts): fork with an IPC channel, the data folder and the password as arguments.

import { sql } from 'drizzle-orm';
import { isOrganisationOf } from '../src/server/accounts/organisation';
import { createPasswordHasher } from '../src/server/auth/password';
import { createCalendar } from '../src/server/calendar';
import { openPglite } from '../src/server/db/client';
import { applications, events, foundations, schools, users } from '../src/server/db/schema';
import { seedDemo } from '../src/server/db/seed/seed-demo';
import { activityTypes } from '../src/shared/catalog';
import { shiftDay } from '../src/shared/dates';

/** Beyond the 500 the foundation's dashboard used to draw at once. */
const webBenchSize = { foundationEvents: 600, schoolApplications: 300 };

export interface WebBenchAccounts {
  foundationUsername: string;
  schoolUsername: string;
}

const [dataDir, password] = process.argv.slice(2);
if (!dataDir || !password) throw new Error('usage: web-data.ts <data folder> <password>');

const database = await openPglite(dataDir);
await database.migrate();
const { db } = database;
const today = createCalendar('Europe/Moscow').today();
const demo = await seedDemo(db, createPasswordHasher(), { today, password });
if (!demo) throw new Error('the data folder already holds the demo content');

const idOf = async (table: typeof foundations | typeof schools, username: string) => {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      isOrganisationOf(table, sql`(select ${users.id} from ${users} where ${users.username} = ${username})`),
    );
  if (!row) throw new Error(`no demo organisation ${username}`);
  return row.id;
};
const foundationId = await idOf(foundations, demo.foundationUsername);
const schoolId = await idOf(schools, demo.schoolUsername);

// Two years back and one ahead, like a foundation that has worked for a while.
const eventRows = Array.from({ length: webBenchSize.foundationEvents }, (_, n) => {
  const dayOffset = Math.round((n / webBenchSize.foundationEvents) * 1095) - 730;
  return {
    foundationId,
    title: `Субботник в сквере № ${n + 1}`,
    description: 'Убираем листья и готовим клумбы к зиме вместе со школьниками.',
    activityType: activityTypes[n % activityTypes.length] ?? 'social',
    date: shiftDay(today, dayOffset),
    status: dayOffset < 0 ? ('completed' as const) : ('upcoming' as const),
    startTime: '10:00',
    endTime: '13:00',
    location: 'Москва, сквер у Патриарших прудов',
    hours: 3,
    totalSlots: 40,
  };
});
const eventIds: number[] = [];
for (let start = 0; start < eventRows.length; start += 200) {
  const ids = await db
    .insert(events)
    .values(eventRows.slice(start, start + 200))
    .returning({ id: events.id });
  eventIds.push(...ids.map((row) => row.id));
}

const statuses = ['pending', 'approved', 'approved', 'rejected'] as const;
await db.insert(applications).values(
  eventIds.slice(-webBenchSize.schoolApplications).map((eventId, n) => ({
    eventId,
    schoolId,
    status: statuses[n % statuses.length] ?? 'pending',
    participantCount: 1 + (n % 5),
    contactPerson: 'Елена Викторовна',
    contactPhone: '+7 (499) 245-12-12',
  })),
);
await db.execute(sql`update ${events} set reserved_slots = coalesce((
    select sum(held.participant_count) from ${applications} as held
    where held.event_id = ${events}.id and held.status in ('pending', 'approved')
  ), 0)`);
await database.close();

const accounts: WebBenchAccounts = {
  foundationUsername: demo.foundationUsername,
  schoolUsername: demo.schoolUsername,
};
process.send?.(accounts, () => process.exit(0));
