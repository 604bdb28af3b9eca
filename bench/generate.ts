// Fills an empty database with a catalogue of the size the API benchmark budgets are set for:
// 5,000 events, 300 foundations, 200 schools and 20,000 applications.

import { sql } from 'drizzle-orm';
import { createSession } from '../src/server/auth/sessions';
import type { Db } from '../src/server/db/client';
import { events, foundations, registrations, schools, users } from '../src/server/db/schema';
import { activityTypes, directions } from '../src/shared/catalog';
import { shiftDay } from '../src/shared/dates';

export const benchSize = {
  /** All events, the open ones of the write benchmark included. */
  events: 5_000,
  openEvents: 50,
  foundations: 300,
  schools: 200,
  applications: 20_000,
};

export interface BenchFixture {
  eventId: number;
  foundationId: number;
  /**
   * Events with unlimited places far ahead, one per concurrent writer, which the write benchmark applies
   * for and cancels.
   */
  openEventIds: number[];
  /** Session cookies of approved schools, one per concurrent writer. */
  schoolSessions: string[];
}

const ages = [null, 6, 10, 12, 14, 16, 18] as const;
const statuses = ['pending', 'approved', 'approved', 'rejected'] as const;

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>) {
  const batchSize = 1_000;
  for (let start = 0; start < rows.length; start += batchSize) {
    await insert(rows.slice(start, start + batchSize));
  }
}

async function createAccounts(db: Db, role: 'foundation' | 'school', count: number) {
  const rows = Array.from({ length: count }, (_, n) => ({
    username: `bench_${role}_${n + 1}`,
    passwordHash: 'not-a-password: accounts of the benchmark sign in through sessions made for them',
    role,
  }));
  const created: number[] = [];
  await insertInBatches(rows, async (batch) => {
    const ids = await db.insert(users).values(batch).returning({ id: users.id });
    created.push(...ids.map((row) => row.id));
  });
  return created;
}

export async function generateBenchData(db: Db, today: string): Promise<BenchFixture> {
  const foundationUsers = await createAccounts(db, 'foundation', benchSize.foundations);
  const foundationIds: number[] = [];
  await insertInBatches(
    foundationUsers.map((userId, n) => ({
      userId,
      name: `Благотворительный фонд № ${n + 1}`,
      shortDescription: 'Помогаем детям, пожилым людям и природе вместе со школьниками.',
      description: 'Фонд проводит субботники, праздники в домах престарелых и сборы помощи приютам.',
      directions: [directions[n % directions.length] ?? 'social'],
      location: n % 3 === 0 ? 'Санкт-Петербург' : 'Москва',
      phone: '+7 (495) 123-45-67',
      email: `fond${n + 1}@example.org`,
      moderationStatus: 'approved' as const,
    })),
    async (batch) => {
      const ids = await db.insert(foundations).values(batch).returning({ id: foundations.id });
      foundationIds.push(...ids.map((row) => row.id));
    },
  );

  const schoolUsers = await createAccounts(db, 'school', benchSize.schools);
  const schoolIds: number[] = [];
  await insertInBatches(
    schoolUsers.map((userId, n) => ({
      userId,
      name: `Школа № ${n + 1}`,
      schoolType: 'state' as const,
      description: 'Школа с волонтёрским отрядом старшеклассников.',
      address: `Москва, ул. Школьная, д. ${n + 1}`,
      phone: '+7 (499) 245-12-12',
      email: `school${n + 1}@example.org`,
      moderationStatus: 'approved' as const,
    })),
    async (batch) => {
      const ids = await db.insert(schools).values(batch).returning({ id: schools.id });
      schoolIds.push(...ids.map((row) => row.id));
    },
  );

  const eventIds: number[] = [];
  await insertInBatches(
    Array.from({ length: benchSize.events - benchSize.openEvents }, (_, n) => ({
      foundationId: foundationIds[n % foundationIds.length] ?? 0,
      title: `Мероприятие № ${n + 1}`,
      description: 'Субботник, праздник или сбор помощи вместе со школьниками-волонтёрами.',
      activityType: activityTypes[n % activityTypes.length] ?? 'social',
      date: shiftDay(today, (n % 365) - 120),
      startTime: '10:00',
      endTime: '13:00',
      location: n % 3 === 0 ? 'Санкт-Петербург' : 'Москва',
      hours: 3,
      totalSlots: 40,
      ageRestriction: ages[n % ages.length] ?? null,
    })),
    async (batch) => {
      const ids = await db.insert(events).values(batch).returning({ id: events.id });
      eventIds.push(...ids.map((row) => row.id));
    },
  );

  // School s applies to events 7s + 1401k (mod 5000), k = 0…99: never the same event twice.
  await insertInBatches(
    Array.from({ length: benchSize.applications }, (_, n) => {
      const school = n % schoolIds.length;
      const round = Math.floor(n / schoolIds.length);
      return {
        eventId: eventIds[(7 * school + 1401 * round) % eventIds.length] ?? 0,
        schoolId: schoolIds[school] ?? 0,
        status: statuses[n % statuses.length] ?? 'pending',
        participantCount: 1 + (n % 5),
        contactPerson: 'Елена Викторовна',
        contactPhone: '+7 (499) 245-12-12',
      };
    }),
    (batch) => db.insert(registrations).values(batch),
  );
  await db.execute(sql`update ${events} set reserved_slots = coalesce((
      select sum(held.participant_count) from ${registrations} as held
      where held.event_id = ${events}.id and held.status in ('pending', 'approved')
    ), 0)`);

  const openEvents = await db
    .insert(events)
    .values(
      Array.from({ length: benchSize.openEvents }, (_, index) => ({
        foundationId: foundationIds[index % foundationIds.length] ?? 0,
        title: `Открытое мероприятие № ${index + 1} для проверки записи`,
        description: 'Школы записываются и отменяют запись под нагрузкой.',
        activityType: 'social' as const,
        date: shiftDay(today, 60),
        startTime: '10:00',
        endTime: '13:00',
        location: 'Москва',
        hours: 3,
        totalSlots: null,
      })),
    )
    .returning({ id: events.id });

  const schoolSessions: string[] = [];
  for (const userId of schoolUsers) {
    schoolSessions.push((await createSession(db, userId)).sessionId);
  }
  return {
    eventId: eventIds[Math.floor(eventIds.length / 2)] ?? 0,
    foundationId: foundationIds[0] ?? 0,
    openEventIds: openEvents.map((event) => event.id),
    schoolSessions,
  };
}
