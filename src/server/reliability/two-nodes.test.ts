import { addDays, format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '../../shared/applications';
import { todayIn } from '../../shared/dates';
import { createSession } from '../auth/sessions';
import { loadConfig } from '../config';
import { applications, events, hourCredits } from '../db/schema';
import { manageMessages } from '../events/manage';
import { createApplication, createEvent, createFoundation, createSchool } from '../test/factories';
import { call, type ServerProcess, sidOf, startServer } from '../test/server-process';
import { createTestDatabase, type TestDatabase } from '../test/test-app';

// Two app processes on different ports and one PostgreSQL database, as behind a load balancer. PGlite
// admits one process only, so without DATABASE_URL there is nothing to test: the pass on PostgreSQL
// (.ci/run) runs it.
const { databaseUrl } = loadConfig();
if (!databaseUrl) {
  console.log('DATABASE_URL не задан: проверка двух процессов на одной PostgreSQL пропущена');
}

// The events here admit pupils of any age, so every application confirms the parents' consent.
const applicationForm = {
  contactPerson: 'Елена Викторовна',
  contactPhone: '+7 (499) 245-12-12',
  parentalConsent: true,
};

describe.skipIf(!databaseUrl)('two app processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  const inTenDays = format(addDays(new Date(), 10), 'yyyy-MM-dd');

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: both would otherwise race to create the administrator.
    nodeA = await startServer({ databaseUrl: database.url });
    nodeB = await startServer({ databaseUrl: database.url });
  }, 120_000);
  afterAll(async () => {
    for (const node of [nodeA, nodeB]) {
      await node?.stop('SIGTERM');
    }
    await database?.close();
  }, 60_000);

  it('knows a session made on one node on the other, and ends it on both at logout', async () => {
    const signedUp = await call(nodeA, 'POST', '/api/register', {
      body: { username: 'school_two_nodes', password: 'secret123', role: 'school' },
    });
    expect(signedUp.status).toBe(201);
    const sid = sidOf(signedUp);

    const onB = await call(nodeB, 'GET', '/api/user', { sid });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ username: 'school_two_nodes', role: 'school' });
    // Node A now has the session in its memory; the logout on B must reach it.
    expect((await call(nodeA, 'GET', '/api/user', { sid })).status).toBe(200);

    expect((await call(nodeB, 'POST', '/api/logout', { sid })).status).toBe(200);
    await expect.poll(async () => (await call(nodeA, 'GET', '/api/user', { sid })).status).toBe(401);
  });

  it('gives 10 places to exactly 10 of 40 schools applying at once through both nodes', async () => {
    const foundation = await createFoundation(database.db);
    const event = await createEvent(database.db, foundation.id, { date: inTenDays, totalSlots: 10 });
    const sids = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const school = await createSchool(database.db);
        return (await createSession(database.db, school.userId)).sessionId;
      }),
    );

    const answers = await Promise.all(
      sids.map(async (sid, index) => {
        const response = await call(index % 2 ? nodeB : nodeA, 'POST', `/api/events/${event.id}/register`, {
          sid,
          body: { participantCount: 1, ...applicationForm },
        });
        return { status: response.status, body: (await response.json()) as unknown };
      }),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(30);
    for (const answer of refused) expect(answer.body).toEqual({ message: applicationMessages.noPlaces });
    const rows = await database.db.select().from(applications).where(eq(applications.eventId, event.id));
    expect(rows).toHaveLength(10);
    const [stored] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(stored?.reservedSlots).toBe(10);
  });

  it('never promotes from the waitlist more than fits when places are freed on both nodes at once', async () => {
    const foundation = await createFoundation(database.db);
    const event = await createEvent(database.db, foundation.id, { date: inTenDays, totalSlots: 10 });
    const sessionOf = async () => {
      const school = await createSchool(database.db);
      return (await createSession(database.db, school.userId)).sessionId;
    };
    const holders = await Promise.all(Array.from({ length: 5 }, sessionOf));
    const waiting = await Promise.all(Array.from({ length: 8 }, sessionOf));
    for (const sid of holders) {
      const response = await call(nodeA, 'POST', `/api/events/${event.id}/register`, {
        sid,
        body: { participantCount: 2, ...applicationForm },
      });
      expect(response.status).toBe(201);
    }
    // In line one after the other, so the order is known: 3 pupils each, so that 10 freed places take 3.
    for (const sid of waiting) {
      const response = await call(nodeB, 'POST', `/api/events/${event.id}/register`, {
        sid,
        body: { participantCount: 3, waitlist: true, ...applicationForm },
      });
      expect(await response.json()).toMatchObject({ status: 'waitlisted' });
    }

    const cancelled = await Promise.all(
      holders.map((sid, index) =>
        call(index % 2 ? nodeB : nodeA, 'POST', `/api/events/${event.id}/cancel-application`, { sid }),
      ),
    );
    expect(cancelled.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);

    const rows = await database.db.select().from(applications).where(eq(applications.eventId, event.id));
    const pending = rows.filter((row) => row.status === 'pending');
    expect(pending).toHaveLength(3);
    expect(rows.filter((row) => row.status === 'waitlisted')).toHaveLength(5);
    const [stored] = await database.db.select().from(events).where(eq(events.id, event.id));
    expect(stored?.reservedSlots).toBe(9);
    // First come, first served: the three promoted are the first three in line.
    const firstInLine = [...rows]
      .sort((a, b) => a.registeredAt.getTime() - b.registeredAt.getTime() || a.id - b.id)
      .slice(0, 3);
    expect(new Set(pending.map((row) => row.id))).toEqual(new Set(firstInLine.map((row) => row.id)));
  });

  it('credits the hours once when the event is completed on both nodes at the same moment', async () => {
    const foundation = await createFoundation(database.db);
    const { sessionId } = await createSession(database.db, foundation.userId);
    // Today in the app's time zone: an event can be completed only once its day has come.
    const today = todayIn(loadConfig().timeZone);
    const event = await createEvent(database.db, foundation.id, { date: today, totalSlots: 20 });
    const schools = await Promise.all([createSchool(database.db), createSchool(database.db)]);
    for (const school of schools) {
      await createApplication(database.db, {
        eventId: event.id,
        schoolId: school.id,
        participantCount: 4,
        status: 'approved',
      });
    }

    const answers = await Promise.all(
      [nodeA, nodeB, nodeA, nodeB].map(async (node) => {
        const response = await call(node, 'PATCH', `/api/events/${event.id}`, {
          sid: sessionId,
          body: { status: 'completed' },
        });
        return { status: response.status, body: (await response.json()) as { message: string } };
      }),
    );

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 409, body: { message: manageMessages.alreadyCompleted } });
    }
    const credits = await database.db.select().from(hourCredits).where(eq(hourCredits.eventId, event.id));
    expect(credits).toHaveLength(2);
    expect(credits.reduce((sum, credit) => sum + credit.hours, 0)).toBe(2 * 4 * 3);
  });
});
