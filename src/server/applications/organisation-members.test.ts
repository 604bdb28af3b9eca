import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages as messages } from '../../shared/applications';
import { createSession } from '../auth/sessions';
import { createCalendar } from '../calendar';
import {
  foundations,
  hourCredits,
  mailOutbox,
  notifications,
  organisationMembers,
  schools,
  users,
} from '../db/schema';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';

// Issue 53: a school or a foundation is its people. What happens to an application reaches every member
// of the organisation, not only the account that made it, and any member acts for the organisation.

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-11-23T09:00:00Z'));
let ctx: TestContext;
const db = () => ctx.database.db;

// The events here admit pupils of any age, so every application confirms the parents' consent.
const form = { contactPerson: 'Елена Викторовна', contactPhone: '+7 (499) 245-12-12', parentalConsent: true };

interface Person {
  userId: number;
  sid: string;
}

const signedIn = async (userId: number): Promise<Person> => ({
  userId,
  sid: (await createSession(db(), userId)).sessionId,
});

let nextCoordinator = 1;
/** A second person of the organisation: a coordinator, without an address of their own. */
async function coordinatorOf(organisation: { schoolId: number } | { foundationId: number }) {
  const [user] = await db()
    .insert(users)
    .values({
      username: `coordinator${nextCoordinator++}`,
      passwordHash: 'x',
      role: 'schoolId' in organisation ? 'school' : 'foundation',
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  await db()
    .insert(organisationMembers)
    .values({ userId: user.id, ...organisation, role: 'coordinator' });
  return signedIn(user.id);
}

/** An approved school or foundation with an address for letters, its owner and a coordinator. */
async function team(kind: 'school' | 'foundation') {
  if (kind === 'school') {
    const school = await createSchool(db());
    await db()
      .update(schools)
      .set({ email: `school${school.id}@example.ru` })
      .where(eq(schools.id, school.id));
    return {
      id: school.id,
      owner: await signedIn(school.userId),
      coordinator: await coordinatorOf({ schoolId: school.id }),
    };
  }
  const foundation = await createFoundation(db());
  await db()
    .update(foundations)
    .set({ email: `fond${foundation.id}@example.ru` })
    .where(eq(foundations.id, foundation.id));
  return {
    id: foundation.id,
    owner: await signedIn(foundation.userId),
    coordinator: await coordinatorOf({ foundationId: foundation.id }),
  };
}
type Team = Awaited<ReturnType<typeof team>>;

const apply = (who: Person, eventId: number, participantCount: number, waitlist = false) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register`,
    cookies: { sid: who.sid },
    payload: { participantCount, waitlist, ...form },
  });
const decide = (who: Person, applicationId: number, body: object) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/foundation/applications/${applicationId}`,
    cookies: { sid: who.sid },
    payload: body,
  });
const kindsFor = async (who: Person) =>
  (
    await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, who.userId))
      .orderBy(notifications.id)
  ).map((row) => row.kind);
const lettersFor = async (who: Person, kind: string) =>
  (
    await db()
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, who.userId), eq(mailOutbox.kind, kind)))
  ).length;
const membersOf = (organisation: Team) => [organisation.owner, organisation.coordinator];

let day = 1;
const eventOf = (foundation: Team, totalSlots: number | null) =>
  createEvent(db(), foundation.id, { date: `2026-12-${String(day++).padStart(2, '0')}`, totalSlots });

beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx.close());

describe('an organisation is its members', () => {
  it('tells every member of each side, and lets any member act for the organisation', async () => {
    const foundation = await team('foundation');
    const school = await team('school');
    const event = await eventOf(foundation, 10);

    const applied = await apply(school.owner, event.id, 3);
    expect(applied.statusCode).toBe(201);
    for (const person of membersOf(foundation)) {
      expect(await kindsFor(person)).toEqual(['application_received']);
      expect(await lettersFor(person, 'applications')).toBe(1);
    }

    // The school's other member sees the application as the school's.
    const state = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/application-status`,
      cookies: { sid: school.coordinator.sid },
    });
    expect(state.json()).toMatchObject({ isRegistered: true, status: 'pending', participantCount: 3 });
    const permissions = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/permissions`,
      cookies: { sid: foundation.coordinator.sid },
    });
    expect(permissions.json()).toEqual({ isOrganizer: true, waitlistedSchools: 0 });

    // Another foundation's coordinator is refused; the foundation's own decides.
    const stranger = await team('foundation');
    const byStranger = await decide(stranger.coordinator, applied.json().id, { action: 'approve' });
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json()).toEqual({ message: messages.notYourEvent });
    expect((await decide(foundation.coordinator, applied.json().id, { action: 'approve' })).statusCode).toBe(
      200,
    );
    for (const person of membersOf(school)) {
      expect(await kindsFor(person)).toEqual(['application_approved']);
      expect(await lettersFor(person, 'decisions')).toBe(1);
    }

    // The coordinator cancels what the owner applied for: one statement, the event has no waitlist.
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/cancel-application`,
      cookies: { sid: school.coordinator.sid },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: messages.cancelled });
    for (const person of membersOf(foundation)) {
      expect(await kindsFor(person)).toEqual(['application_received', 'application_cancelled']);
      expect(await lettersFor(person, 'applications')).toBe(2);
    }
  });

  it("a member of another school cannot cancel the school's application", async () => {
    const foundation = await team('foundation');
    const school = await team('school');
    const event = await eventOf(foundation, null);
    const applied = (await apply(school.owner, event.id, 2)).json().id;
    const other = await team('school');
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/applications/${applied}`,
      cookies: { sid: other.coordinator.sid },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.notYourApplication });
  });

  it('tells every member of the school that moved up and of the foundation', async () => {
    const foundation = await team('foundation');
    const [first, waiting] = [await team('school'), await team('school')];
    const event = await eventOf(foundation, 2);
    const applied = (await apply(first.owner, event.id, 2)).json().id;
    expect((await apply(waiting.coordinator, event.id, 2, true)).statusCode).toBe(201);
    for (const person of membersOf(foundation)) {
      expect(await kindsFor(person)).toEqual(['application_received', 'waitlist_joined']);
    }

    // A cancellation that moves the line up: the function's own notices and the letters after it.
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/applications/${applied}`,
      cookies: { sid: first.coordinator.sid },
    });
    expect(cancelled.statusCode).toBe(200);
    for (const person of membersOf(waiting)) {
      expect(await kindsFor(person)).toEqual(['waitlist_promoted']);
      expect(await lettersFor(person, 'decisions')).toBe(1);
    }
    for (const person of membersOf(foundation)) {
      expect(await kindsFor(person)).toEqual([
        'application_received',
        'waitlist_joined',
        'application_cancelled',
        'application_received',
      ]);
      // The first application, its cancellation and the one that moved up.
      expect(await lettersFor(person, 'applications')).toBe(3);
    }
  });

  it('credits a completed event once per application, and tells every member of the school', async () => {
    const foundation = await team('foundation');
    const school = await team('school');
    const event = await createEvent(db(), foundation.id, {
      date: '2026-11-20',
      totalSlots: 10,
      reservedSlots: 4,
    });
    const application = await createApplication(db(), {
      eventId: event.id,
      schoolId: school.id,
      participantCount: 4,
      status: 'approved',
    });
    const completed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      cookies: { sid: foundation.coordinator.sid },
      payload: { status: 'completed', attendance: [{ applicationId: application.id, attended: 3 }] },
    });
    expect(completed.statusCode).toBe(200);
    // Two members, yet one application: one credit, and the hours of three pupils once.
    const credits = await db()
      .select()
      .from(hourCredits)
      .where(eq(hourCredits.applicationId, application.id));
    expect(credits.map((credit) => credit.participantCount)).toEqual([3]);
    for (const person of membersOf(school)) expect(await kindsFor(person)).toEqual(['event_completed']);
  });
});
