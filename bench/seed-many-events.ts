// Fills a database with many events so that list pages can be checked for paging and speed.
// Usage: DATA_DIR=./data npx tsx bench/seed-many-events.ts [count]   (or with DATABASE_URL)

import { loadConfig } from '../src/server/config';
import { type Db, openDatabase } from '../src/server/db/client';
import { events, foundations, organisationMembers, users } from '../src/server/db/schema';
import { activityTypes } from '../src/shared/catalog';
import { shiftDay, todayIn } from '../src/shared/dates';

const ages = [null, 6, 10, 12, 14, 16, 18] as const;

/** Inserts `count` events of one new approved foundation, spread over a year around `today`. */
export async function seedManyEvents(db: Db, count: number, today: string): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({ username: `bench_fond_${Date.now()}`, passwordHash: 'x', role: 'foundation' })
    .returning({ id: users.id });
  if (!user) throw new Error('bench user not created');
  const [foundation] = await db
    .insert(foundations)
    .values({
      name: 'Фонд нагрузочного теста',
      moderationStatus: 'approved',
      directions: ['social'],
    })
    .returning({ id: foundations.id });
  if (!foundation) throw new Error('bench foundation not created');
  await db
    .insert(organisationMembers)
    .values({ userId: user.id, foundationId: foundation.id, role: 'owner' });

  const batchSize = 500;
  for (let start = 0; start < count; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) => {
      const n = start + offset;
      return {
        foundationId: foundation.id,
        title: `Нагрузочное мероприятие № ${n + 1}`,
        description: 'Мероприятие, созданное для проверки скорости и постраничной выдачи списков.',
        activityType: activityTypes[n % activityTypes.length] ?? 'social',
        date: shiftDay(today, (n % 365) - 180),
        startTime: '10:00',
        endTime: '12:00',
        location: 'Москва',
        hours: 2,
        totalSlots: 30,
        ageRestriction: ages[n % ages.length] ?? null,
      };
    });
    await db.insert(events).values(rows);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const count = Number(process.argv[2] ?? 5000);
  const database = await openDatabase(config);
  await database.migrate();
  await seedManyEvents(database.db, count, todayIn(config.timeZone));
  await database.close();
  console.log(`Добавлено мероприятий: ${count}`);
}
