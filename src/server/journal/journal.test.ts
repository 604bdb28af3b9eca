import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDay } from '../../shared/dates';
import type { JournalPage } from '../../shared/journal';
import { journalMessages } from '../../shared/journal';
import { createCalendar } from '../calendar';
import { createAdmin } from '../test/factories';
import { namedOrganisation, teammate as teamMember } from '../test/teams';
import { createTestApp, type TestContext } from '../test/test-app';
import { appendJournal } from './service';

const calendar = createCalendar('Europe/Moscow', () => new Date('2026-12-03T09:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ calendar });
});
afterAll(() => ctx?.close());

const get = (sid: string, url: string) => ctx.app.inject({ method: 'GET', url, cookies: { sid } });
const pageOf = async (sid: string, url: string) => {
  const response = await get(sid, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as JournalPage;
};

const organisation = (role: 'school' | 'foundation', name: string) => namedOrganisation(ctx, role, name);
const teammate = (ownerSid: string, role: 'coordinator' | 'viewer', username: string) =>
  teamMember(ctx, ownerSid, role, username);

describe('the journal', () => {
  it('shows the team’s changes with who made them, to the owner and to a viewer, not to a coordinator', async () => {
    const school = await organisation('school', 'Школа № 444');
    const viewerSid = await teammate(school.sid, 'viewer', 'director_444');
    const coordinatorSid = await teammate(school.sid, 'coordinator', 'teacher_444');

    const ownPage = await pageOf(school.sid, '/api/organisation/journal');
    expect(ownPage.entries.map(({ kind, actor }) => ({ kind, name: actor?.name }))).toEqual([
      { kind: 'team.member_joined', name: 'teacher_444' },
      { kind: 'team.member_invited', name: school.username },
      { kind: 'team.member_joined', name: 'director_444' },
      { kind: 'team.member_invited', name: school.username },
    ]);
    expect(ownPage.entries[1]?.after).toEqual({ email: 'teacher_444@school.example', role: 'coordinator' });
    expect(ownPage.pagination.totalCount).toBe(4);
    expect((await pageOf(viewerSid, '/api/organisation/journal')).entries).toHaveLength(4);

    const coordinator = await get(coordinatorSid, '/api/organisation/journal');
    expect([coordinator.statusCode, coordinator.json().message]).toEqual([
      403,
      journalMessages.onlyOwnersAndViewers,
    ]);
  });

  it('shows each organisation its own entries, and the other side by organisation and role only', async () => {
    const school = await organisation('school', 'Гимназия № 5');
    const foundation = await organisation('foundation', 'Фонд «Тёплый дом»');
    const stranger = await organisation('school', 'Школа № 6');
    await appendJournal(ctx.database.db, [
      {
        kind: 'application.approved',
        actor: {
          userId: foundation.user.id,
          name: 'olga_coordinator',
          role: 'coordinator',
          foundationId: foundation.organisationId,
        },
        schoolId: school.organisationId,
        foundationId: foundation.organisationId,
        eventId: 7,
        eventTitle: 'Субботник в парке',
        applicationId: 11,
        before: { status: 'pending' },
        after: { status: 'approved', participantCount: 5 },
      },
    ]);

    const schoolSees = await pageOf(school.sid, '/api/organisation/journal?kind=application');
    expect(schoolSees.entries).toEqual([
      expect.objectContaining({
        kind: 'application.approved',
        actor: { name: null, role: 'coordinator', organisationName: 'Фонд «Тёплый дом»' },
        eventTitle: 'Субботник в парке',
        after: { status: 'approved', participantCount: 5 },
      }),
    ]);
    const foundationSees = await pageOf(foundation.sid, '/api/organisation/journal?kind=application');
    expect(foundationSees.entries[0]?.actor).toEqual({
      name: 'olga_coordinator',
      role: 'coordinator',
      organisationName: 'Фонд «Тёплый дом»',
    });
    expect((await pageOf(stranger.sid, '/api/organisation/journal?kind=application')).entries).toEqual([]);

    const admin = await createAdmin(ctx.database.db);
    const all = await pageOf(admin.sid, '/api/admin/journal?kind=application');
    expect(all.entries.some((entry) => entry.actor?.name === 'olga_coordinator')).toBe(true);
  });

  it('filters by day in the app’s time zone, and says in Russian what is wrong with a filter', async () => {
    const school = await organisation('school', 'Школа № 8');
    await teammate(school.sid, 'viewer', 'viewer_008');
    // The entries are stamped by the database's clock: today in Moscow, whatever the test's calendar says.
    const today = createCalendar('Europe/Moscow').today();
    const journal = (query: string) => pageOf(school.sid, `/api/organisation/journal?${query}`);
    expect((await journal(`from=${today}&to=${today}`)).entries).toHaveLength(2);
    expect((await journal(`from=${shiftDay(today, 1)}`)).entries).toEqual([]);
    expect((await journal(`to=${shiftDay(today, -1)}`)).entries).toEqual([]);
    expect((await pageOf(school.sid, '/api/organisation/journal?kind=event')).entries).toEqual([]);

    const reversed = await get(school.sid, '/api/organisation/journal?from=2026-12-05&to=2026-12-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/[а-я]/);
    const unknownKind = await get(school.sid, '/api/organisation/journal?kind=secret');
    expect([unknownKind.statusCode, unknownKind.json().message]).toEqual([400, journalMessages.kind]);
  });
});
