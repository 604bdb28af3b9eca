import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/auth';
import { authErrors } from '../../shared/errors';
import { linkMessages } from '../../shared/links';
import { profileMessages } from '../../shared/profile';
import { textMessages } from '../../shared/text';
import { createSession } from '../auth/sessions';
import { foundations, hourCredits, organisationMembers, schools, users } from '../db/schema';
import { createEvent, createSchool } from '../test/factories';
import { createTestApp, signUp, type TestContext } from '../test/test-app';

/** The organisation person `userId` is a member of, as a condition on its table. */
const ofMember = (table: typeof foundations | typeof schools, userId: number) =>
  sql`${table.id} in (select ${table === foundations ? organisationMembers.foundationId : organisationMembers.schoolId}
    from ${organisationMembers} where ${organisationMembers.userId} = ${userId})`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const validSchool = {
  username: 'school_profile',
  fullName: 'Гимназия № 1543',
  schoolType: 'state',
  description: 'Школа с волонтёрским отрядом из 120 учеников.',
  address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
  phone: '+7 (495) 433-16-44',
  email: 'Volunteers@Gymnasium.example',
  website: 'gymnasium1543.example',
};

const validFoundation = {
  username: 'fond_profile',
  fullName: 'Фонд «Тёплый дом»',
  description: 'Поддерживаем детей-сирот и выпускников детских домов.',
  address: 'Москва, Новослободская ул., д. 14/19',
  phone: '+7 (495) 987-65-43',
  email: 'dom@teplyi-dom.example',
  directions: ['social', 'education'],
  videoPresentation: 'https://video.example/teplyi-dom',
};

const patch = (sid: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/profile', cookies: { sid }, payload });
const profileOf = async (sid: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/profile', cookies: { sid } })).json();

async function uploadPicture(sid: string): Promise<number> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': 'image/png' },
    cookies: { sid },
    payload: png,
  });
  return response.json().id;
}

describe('GET /api/profile', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('shows a new organisation as pending and incomplete', async () => {
    const { sid } = await signUp(ctx.app, 'foundation');
    expect(await profileOf(sid)).toMatchObject({
      role: 'foundation',
      moderationStatus: 'pending',
      isProfileComplete: false,
      hasNewNotifications: false,
      totalEvents: 0,
      hoursPerHeldEvent: 0,
      directions: [],
      gallery: [],
    });
  });

  it("divides a foundation's credited hours by the events it has held, not by those still to come", async () => {
    const { sid, user } = await signUp(ctx.app, 'foundation');
    const [foundation] = await ctx.database.db
      .select({ id: foundations.id })
      .from(foundations)
      .where(ofMember(foundations, user.id));
    if (!foundation) throw new Error('foundation not found');
    const held = await createEvent(ctx.database.db, foundation.id, {
      date: '2024-05-01',
      status: 'completed',
    });
    await createEvent(ctx.database.db, foundation.id, { date: '2030-05-01' });
    const school = await createSchool(ctx.database.db);
    await ctx.database.db.insert(hourCredits).values({
      schoolId: school.id,
      eventId: held.id,
      foundationId: foundation.id,
      eventTitle: held.title,
      eventDate: held.date,
      participantCount: 10,
      hours: 30,
    });
    expect(await profileOf(sid)).toMatchObject({ totalEvents: 2, totalHours: 30, hoursPerHeldEvent: 30 });
  });
});

describe('PATCH /api/profile', () => {
  it('saves a school profile, normalising e-mail and links, and makes it complete', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    const response = await patch(sid, validSchool);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'school_profile',
      fullName: 'Гимназия № 1543',
      schoolType: 'state',
      email: 'volunteers@gymnasium.example',
      website: 'https://gymnasium1543.example/',
      isProfileComplete: true,
      moderationStatus: 'pending',
    });
  });

  it.each([
    [{ fullName: 'Шк' }, profileMessages.schoolName],
    [{ schoolType: undefined }, profileMessages.schoolType],
    [{ schoolType: 'elite' }, profileMessages.schoolType],
    [{ description: 'Коротко' }, profileMessages.description],
    [{ address: 'Москва' }, profileMessages.address],
    [{ phone: '12345' }, profileMessages.phone],
    [{ email: 'not-an-email' }, profileMessages.email],
    // Every link field refuses a script address.
    ...['website', 'vkLink'].map((field): [object, string] => [
      { [field]: 'javascript:alert(1)' },
      linkMessages.link,
    ]),
    [{ telegramChannel: 'javascript:alert(1)' }, linkMessages.telegram],
    [{ website: 'name' }, linkMessages.link],
    [{ fullName: '\u200b\u200b\u200b\u200b\u200b\u200b' }, textMessages.invisibleOnly],
    [{ shortDescription: '\u00ad\u00ad' }, textMessages.invisibleOnly],
    [{ username: 'school\u202eloof' }, authMessages.usernameInvisible],
    [{ username: 'ab' }, 'Имя пользователя должно содержать минимум 3 символа'],
  ])('refuses a school profile with %j and changes nothing', async (change, message) => {
    const { sid } = await signUp(ctx.app, 'school');
    const before = await profileOf(sid);
    const response = await patch(sid, { ...validSchool, username: before.username, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await profileOf(sid)).toEqual(before);
  });

  it('stores a Telegram @name as https://t.me/name, and VK and other links as http(s) links', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    const { username } = await profileOf(sid);
    const response = await patch(sid, {
      ...validSchool,
      username,
      telegramChannel: '@gymnasium1543',
      vkLink: 'vk.com/gymnasium1543',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      telegramChannel: 'https://t.me/gymnasium1543',
      vkLink: 'https://vk.com/gymnasium1543',
    });
  });

  it('saves a foundation with directions, a logo and a gallery of up to six', async () => {
    const { sid, user } = await signUp(ctx.app, 'foundation');
    // Past its logo and cover, an organisation uploads once the moderators approved it.
    await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(ofMember(foundations, user.id));
    const logo = await uploadPicture(sid);
    const gallery = [await uploadPicture(sid), await uploadPicture(sid)];
    const response = await patch(sid, { ...validFoundation, logoImageId: logo, galleryImageIds: gallery });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      directions: ['social', 'education'],
      avatar: `/api/images/${logo}`,
      gallery: gallery.map((imageId) => ({ imageId, url: `/api/images/${imageId}` })),
      isProfileComplete: true,
    });
  });

  it.each([
    [{ directions: [] }, profileMessages.directions],
    [{ directions: ['cooking'] }, profileMessages.directions],
    [{ fullName: 'Фонд' }, profileMessages.foundationName],
    [{ galleryImageIds: [1, 2, 3, 4, 5, 6, 7] }, profileMessages.gallery],
    [{ logoImageId: 999999 }, profileMessages.image],
  ])('refuses a foundation profile with %j', async (change, message) => {
    const { sid, username } = await signUp(ctx.app, 'foundation');
    const response = await patch(sid, { ...validFoundation, username, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('sends a profile the moderator sent back to review again when it is saved', async () => {
    const { sid, user, username } = await signUp(ctx.app, 'foundation');
    await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'needs_changes', moderationComment: 'Добавьте адрес' })
      .where(ofMember(foundations, user.id));
    const response = await patch(sid, { ...validFoundation, username });
    expect(response.json()).toMatchObject({ moderationStatus: 'pending' });
  });

  it('keeps an approved profile approved', async () => {
    const { sid, user, username } = await signUp(ctx.app, 'foundation');
    await ctx.database.db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(ofMember(foundations, user.id));
    expect((await patch(sid, { ...validFoundation, username })).json()).toMatchObject({
      moderationStatus: 'approved',
    });
  });

  it('refuses a username someone else has', async () => {
    const { sid } = await signUp(ctx.app, 'school');
    const response = await patch(sid, { ...validSchool, username: 'SCHOOL_PROFILE' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: authErrors.usernameTaken });
  });

  it('is not for administrators or anonymous callers', async () => {
    const [admin] = await ctx.database.db
      .insert(users)
      .values({ username: 'admin_profile', passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id });
    const { sessionId } = await createSession(ctx.database.db, admin?.id ?? 0);
    expect((await patch(sessionId, validSchool)).statusCode).toBe(403);
    expect(await profileOf(sessionId)).toMatchObject({ role: 'admin', isProfileComplete: true });
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/profile', payload: validSchool })).statusCode,
    ).toBe(401);
  });
});

describe('the profile of an organisation of several people', () => {
  it("is the team's one profile: a second owner saves it, and each member reads it", async () => {
    const first = await signUp(ctx.app, 'foundation');
    const db = ctx.database.db;
    const [foundation] = await db
      .select({ id: foundations.id })
      .from(foundations)
      .where(ofMember(foundations, first.user.id));
    const other = await signUp(ctx.app, 'foundation');
    const join = async (username: string, role: 'owner' | 'viewer') => {
      const [person] = await db
        .insert(users)
        .values({ username, passwordHash: 'x', role: 'foundation' })
        .returning({ id: users.id });
      await db
        .insert(organisationMembers)
        .values({ userId: person?.id ?? 0, foundationId: foundation?.id ?? 0, role });
      return (await createSession(db, person?.id ?? 0)).sessionId;
    };
    const secondOwner = await join('fond_second_owner', 'owner');
    const viewer = await join('fond_viewer', 'viewer');

    const response = await patch(secondOwner, {
      ...validFoundation,
      username: 'fond_second_owner',
      fullName: 'Фонд «Общий дом»',
    });
    expect(response.statusCode).toBe(200);
    for (const sid of [first.sid, secondOwner, viewer]) {
      expect(await profileOf(sid)).toMatchObject({
        organisationId: foundation?.id,
        fullName: 'Фонд «Общий дом»',
        isProfileComplete: true,
      });
    }
    // Another foundation's profile is not touched.
    expect(await profileOf(other.sid)).toMatchObject({ fullName: null, isProfileComplete: false });
  });
});

describe('the contact person of a profile (issue 22, item 14)', () => {
  it('is saved trimmed for a school and for a foundation, read back, and cleared by empty text', async () => {
    const school = await signUp(ctx.app, 'school');
    const saved = await patch(school.sid, {
      ...validSchool,
      username: school.username,
      contactPerson: '  Елена Викторовна  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ contactPerson: 'Елена Викторовна' });
    expect(await profileOf(school.sid)).toMatchObject({ contactPerson: 'Елена Викторовна' });

    const foundation = await signUp(ctx.app, 'foundation');
    await patch(foundation.sid, {
      ...validFoundation,
      username: foundation.username,
      contactPerson: 'Наталья',
    });
    expect(await profileOf(foundation.sid)).toMatchObject({ contactPerson: 'Наталья' });

    await patch(foundation.sid, { ...validFoundation, username: foundation.username, contactPerson: '' });
    expect(await profileOf(foundation.sid)).toMatchObject({ contactPerson: null });
  });

  it.each([
    ['А', profileMessages.contactPerson],
    ['Е'.repeat(201), profileMessages.tooLong(200)],
    ['\u200b\u200b\u200b', textMessages.invisibleOnly],
    [42, profileMessages.tooLong(200)],
  ])('refuses %j with a Russian message and changes nothing', async (contactPerson, message) => {
    for (const role of ['school', 'foundation'] as const) {
      const { sid, username } = await signUp(ctx.app, role);
      const valid = role === 'school' ? validSchool : validFoundation;
      await patch(sid, { ...valid, username, contactPerson: 'Ольга' });
      const before = await profileOf(sid);
      const response = await patch(sid, { ...valid, username, contactPerson });
      expect(response.statusCode).toBe(400);
      if (typeof contactPerson === 'number') expect(response.json().message).toMatch(/[а-я]/i);
      else expect(response.json()).toEqual({ message });
      expect(await profileOf(sid)).toEqual(before);
    }
  });

  it("reaches the other side: the school's approved application and the foundation's application list", async () => {
    const db = ctx.database.db;
    const foundation = await signUp(ctx.app, 'foundation');
    await patch(foundation.sid, {
      ...validFoundation,
      username: foundation.username,
      contactPerson: 'Наталья',
    });
    const school = await signUp(ctx.app, 'school');
    await patch(school.sid, { ...validSchool, username: school.username, contactPerson: 'Елена Викторовна' });
    await db
      .update(foundations)
      .set({ moderationStatus: 'approved' })
      .where(ofMember(foundations, foundation.user.id));
    await db.update(schools).set({ moderationStatus: 'approved' }).where(ofMember(schools, school.user.id));
    const { organisationId } = await profileOf(foundation.sid);
    const event = await createEvent(db, organisationId, {
      title: 'Субботник в парке',
      date: '2099-05-20',
      totalSlots: 20,
    });

    const applied = await ctx.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      cookies: { sid: school.sid },
      payload: {
        participantCount: 4,
        parentalConsent: true,
        contactPerson: 'Классный руководитель',
        contactEmail: 'class@example.org',
      },
    });
    expect(applied.statusCode).toBe(201);
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/foundation/applications/${applied.json().id}`,
      cookies: { sid: foundation.sid },
      payload: { action: 'approve' },
    });
    expect(approved.statusCode).toBe(200);

    const forSchool = await ctx.app.inject({
      method: 'GET',
      url: '/api/school/approved-applications',
      cookies: { sid: school.sid },
    });
    expect(forSchool.json()).toMatchObject([{ foundation: { contactPerson: 'Наталья' } }]);
    const forFoundation = await ctx.app.inject({
      method: 'GET',
      url: '/api/foundation/applications?status=approved',
      cookies: { sid: foundation.sid },
    });
    expect(forFoundation.json().applications).toMatchObject([
      { contactPerson: 'Классный руководитель', school: { contactPerson: 'Елена Викторовна' } },
    ]);
  });
});
