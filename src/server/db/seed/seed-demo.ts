import { eq, sql } from 'drizzle-orm';
import { shiftDay } from '../../../shared/dates';
import type { PasswordHasher } from '../../auth/password';
import type { Db } from '../client';
import {
  applications,
  appState,
  events,
  foundations,
  hourCredits,
  news,
  organisationMembers,
  schools,
  users,
  volunteerRequests,
} from '../schema';
import { demoFoundations, demoNews, demoSchools, demoVolunteerRequests } from './demo-content';

export const demoSeedMarker = 'demo_seeded_at';
const seedLockKey = 7_294_001;

export interface DemoCredentials {
  foundationUsername: string;
  schoolUsername: string;
  password: string;
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select().from(appState).where(eq(appState.key, demoSeedMarker)).limit(1);
  return row !== undefined;
}

/**
 * Fills an empty database with the demo content. Everything, including the marker row, is written in one
 * transaction: a start-up killed half-way leaves no trace, and the next start seeds again from scratch.
 * Returns undefined when the demo content is already there.
 */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  options: { today: string; password: string },
): Promise<DemoCredentials | undefined> {
  if (await isDemoSeeded(db)) return undefined;
  // Hashing is slow on purpose, so it happens once and before the transaction opens.
  const passwordHash = await hasher.hash(options.password);
  const day = (offset: number) => shiftDay(options.today, offset);

  await db.transaction(async (tx) => {
    // Two app processes starting together must not both seed: the second waits here, then sees the marker.
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [marker] = await tx.select().from(appState).where(eq(appState.key, demoSeedMarker));
    if (marker) return;

    const foundationIds = new Map<string, number>();
    const eventIds = new Map<string, number>();
    for (const demo of demoFoundations) {
      const [user] = await tx
        .insert(users)
        .values({ username: demo.username, passwordHash, role: 'foundation' })
        .returning({ id: users.id });
      if (!user) throw new Error('demo foundation user was not created');
      const { username: _username, events: demoEvents, ...profile } = demo;
      const [foundation] = await tx
        .insert(foundations)
        .values({ ...profile, moderationStatus: 'approved', moderatedAt: new Date() })
        .returning({ id: foundations.id });
      if (!foundation) throw new Error('demo foundation was not created');
      await tx
        .insert(organisationMembers)
        .values({ userId: user.id, foundationId: foundation.id, role: 'owner' });
      foundationIds.set(demo.username, foundation.id);

      const inserted = await tx
        .insert(events)
        .values(
          demoEvents.map(({ dayOffset, ...event }) => ({
            ...event,
            foundationId: foundation.id,
            date: day(dayOffset),
            status: dayOffset < 0 ? ('completed' as const) : ('upcoming' as const),
            completedAt: dayOffset < 0 ? new Date() : null,
            minParticipants: 1,
            contactPersonName: demo.contactPerson,
            contactPersonPhone: demo.phone,
            contactPersonEmail: demo.email,
            contactPersonTelegram: demo.telegramChannel,
            contactPersonVk: demo.vkLink,
            additionalInfo: `Вопросы можно задать координатору фонда: ${demo.contactPerson}, ${demo.phone}.`,
          })),
        )
        .returning({ id: events.id, title: events.title });
      for (const event of inserted) eventIds.set(event.title, event.id);
    }

    const schoolIds = new Map<string, number>();
    for (const demo of demoSchools) {
      const [user] = await tx
        .insert(users)
        .values({ username: demo.username, passwordHash, role: 'school' })
        .returning({ id: users.id });
      if (!user) throw new Error('demo school user was not created');
      const { username: _username, approved, ...profile } = demo;
      const [school] = await tx
        .insert(schools)
        .values({
          ...profile,
          moderationStatus: approved ? 'approved' : 'pending',
          moderatedAt: approved ? new Date() : null,
        })
        .returning({ id: schools.id });
      if (!school) throw new Error('demo school was not created');
      await tx.insert(organisationMembers).values({ userId: user.id, schoolId: school.id, role: 'owner' });
      schoolIds.set(demo.username, school.id);
    }

    await seedApplications(tx as unknown as Db, { eventIds, schoolIds, day });

    await tx.insert(news).values(
      demoNews.map(({ daysAgo, foundationUsername, ...item }) => ({
        ...item,
        foundationId: foundationUsername ? (foundationIds.get(foundationUsername) ?? null) : null,
        createdAt: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
      })),
    );

    await tx.insert(volunteerRequests).values(
      demoVolunteerRequests.map(({ foundationUsername, dayOffset, ...request }) => {
        const foundationId = foundationIds.get(foundationUsername);
        if (foundationId === undefined) throw new Error(`unknown demo foundation ${foundationUsername}`);
        return { ...request, foundationId, eventDate: day(dayOffset) };
      }),
    );

    await tx.insert(appState).values({ key: demoSeedMarker, value: new Date().toISOString() });
  });

  const [firstFoundation] = demoFoundations;
  const [firstSchool] = demoSchools;
  if (!firstFoundation || !firstSchool) throw new Error('demo content is empty');
  return {
    foundationUsername: firstFoundation.username,
    schoolUsername: firstSchool.username,
    password: options.password,
  };
}

/** A few applications of the approved demo school, so its dashboard and the hours ledger are not empty. */
async function seedApplications(
  tx: Db,
  refs: { eventIds: Map<string, number>; schoolIds: Map<string, number>; day: (offset: number) => string },
): Promise<void> {
  const schoolId = refs.schoolIds.get('school_1535');
  if (schoolId === undefined) return;
  const contact = {
    contactPerson: 'Елена Викторовна Соколова',
    contactPhone: '+7 (499) 245-12-12',
    contactEmail: 'volunteers@lyceum1535.example',
  };
  const eventId = (title: string) => {
    const id = refs.eventIds.get(title);
    if (id === undefined) throw new Error(`unknown demo event ${title}`);
    return id;
  };

  const pending = { eventId: eventId('Сбор продуктовых наборов для пожилых'), participantCount: 12 };
  const approved = { eventId: eventId('Инклюзивный забег «Бежим вместе»'), participantCount: 10 };
  const completed = { eventId: eventId('Субботник на берегу Яузы'), participantCount: 15, hours: 3 };

  await tx.insert(applications).values([
    { ...contact, ...pending, schoolId, status: 'pending', applicationNote: 'Придут ученики 9 «А» класса.' },
    { ...contact, ...approved, schoolId, status: 'approved', approvedAt: new Date() },
  ]);
  for (const held of [pending, approved]) {
    await tx.update(events).set({ reservedSlots: held.participantCount }).where(eq(events.id, held.eventId));
  }

  const [done] = await tx
    .insert(applications)
    .values({
      ...contact,
      eventId: completed.eventId,
      participantCount: completed.participantCount,
      schoolId,
      status: 'completed',
      approvedAt: new Date(),
      completedAt: new Date(),
      attendedCount: completed.participantCount,
      hoursEarned: completed.hours * completed.participantCount,
    })
    .returning({ id: applications.id });
  const [organiser] = await tx
    .select({ foundationId: events.foundationId })
    .from(events)
    .where(eq(events.id, completed.eventId));
  await tx.insert(hourCredits).values({
    schoolId,
    applicationId: done?.id ?? null,
    eventId: completed.eventId,
    foundationId: organiser?.foundationId ?? null,
    eventTitle: 'Субботник на берегу Яузы',
    eventDate: refs.day(-12),
    foundationName: 'Фонд «Зелёный город»',
    activityType: 'ecology',
    participantCount: completed.participantCount,
    hours: completed.hours * completed.participantCount,
  });
}
