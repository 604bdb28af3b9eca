import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usernameSchema } from '../../../shared/auth';
import { activityTypes, directions } from '../../../shared/catalog';
import { eventDateProblem, eventInputSchema } from '../../../shared/event-form';
import { toHttpLink, toTelegramLink } from '../../../shared/link-targets';
import { hasVisibleCharacter } from '../../../shared/text';
import { createTestDatabase, type TestDatabase, testHasher } from '../../test/test-app';
import { applications, appState, events, foundations, hourCredits, news, users } from '../schema';
import { isDemoSeeded, seedDemo } from './seed-demo';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(() => database.release());

const today = '2026-11-23';

describe('seedDemo', () => {
  it('fills the catalogue the issue asks for', async () => {
    const credentials = await seedDemo(database.db, testHasher, { today, password: 'demo-pass' });
    expect(credentials).toEqual({
      foundationUsername: 'fond_zelenyi_gorod',
      schoolUsername: 'school_1535',
      password: 'demo-pass',
    });

    const allFoundations = await database.db.select().from(foundations);
    expect(allFoundations.filter((row) => row.moderationStatus === 'approved').length).toBeGreaterThanOrEqual(
      8,
    );
    expect(new Set(allFoundations.flatMap((row) => row.directions))).toEqual(new Set(directions));

    const allEvents = await database.db.select().from(events);
    expect(allEvents).toHaveLength(40);
    expect(new Set(allEvents.map((row) => row.activityType))).toEqual(new Set(activityTypes));
    expect(allEvents.some((row) => row.date < today)).toBe(true);
    expect(allEvents.some((row) => row.date >= today)).toBe(true);
    const ages = new Set(allEvents.map((row) => row.ageRestriction));
    for (const age of [null, 14, 16, 18]) expect(ages.has(age)).toBe(true);

    const allNews = await database.db.select().from(news);
    expect(allNews).toHaveLength(6);
    expect(allNews.some((row) => row.category === 'success')).toBe(true);

    // Reserved places match the applications that hold them.
    const held = await database.db.select().from(applications);
    for (const application of held.filter((row) => row.status === 'pending' || row.status === 'approved')) {
      const event = allEvents.find((row) => row.id === application.eventId);
      expect(event?.reservedSlots).toBe(application.participantCount);
    }
    expect((await database.db.select({ n: count() }).from(hourCredits))[0]?.n).toBe(1);
  });

  it('holds only what the input rules accept: the demo is what a visitor could have typed', async () => {
    await seedDemo(database.db, testHasher, { today, password: 'demo-pass' });
    for (const event of await database.db.select().from(events)) {
      // Times come back from a time column as HH:MM:SS; the form sends HH:MM.
      const parsed = eventInputSchema.safeParse({
        ...event,
        startTime: event.startTime.slice(0, 5),
        endTime: event.endTime.slice(0, 5),
        imageId: null,
      });
      expect(parsed.success ? [] : parsed.error.issues, event.title).toEqual([]);
      if (event.date >= today) expect(eventDateProblem(event.date, today), event.title).toBeUndefined();
      expect(parsed.data?.contactPersonTelegram, event.title).toBe(event.contactPersonTelegram);
      expect(parsed.data?.contactPersonVk, event.title).toBe(event.contactPersonVk);
    }
    for (const foundation of await database.db.select().from(foundations)) {
      for (const link of [foundation.website, foundation.vkLink, foundation.videoPresentation]) {
        if (link !== null) expect(toHttpLink(link), link).toBeDefined();
      }
      if (foundation.telegramChannel !== null) {
        expect(toTelegramLink(foundation.telegramChannel)).toBe(foundation.telegramChannel);
      }
      for (const text of [foundation.name, foundation.description, foundation.shortDescription]) {
        if (text !== null) expect(hasVisibleCharacter(text), foundation.name ?? '').toBe(true);
      }
    }
    for (const user of await database.db.select().from(users)) {
      expect(usernameSchema.safeParse(user.username).success, user.username).toBe(true);
    }
  });

  it('does nothing the second time', async () => {
    await seedDemo(database.db, testHasher, { today, password: 'demo-pass' });
    expect(await seedDemo(database.db, testHasher, { today, password: 'other-pass' })).toBeUndefined();
    expect((await database.db.select({ n: count() }).from(events))[0]?.n).toBe(40);
  });

  it('leaves no partial content when seeding fails half-way', async () => {
    // A user that takes the name of the first demo school makes the transaction fail after the foundations.
    await database.db.insert(users).values({ username: 'school_1535', passwordHash: 'x', role: 'school' });
    await expect(seedDemo(database.db, testHasher, { today, password: 'demo-pass' })).rejects.toThrow();
    expect((await database.db.select({ n: count() }).from(foundations))[0]?.n).toBe(0);
    expect((await database.db.select({ n: count() }).from(events))[0]?.n).toBe(0);
    expect(await database.db.select().from(appState)).toHaveLength(0);
    expect(await isDemoSeeded(database.db)).toBe(false);
  });
});
