import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ActivityType, ApplicationStatus, Direction } from '../../shared/catalog';
import type { ModerationStatus } from '../../shared/roles';
import { createSession } from '../auth/sessions';
import type { Db } from '../db/client';
import {
  applications,
  events,
  foundations,
  hourCredits,
  organisationMembers,
  participationCodes,
  schools,
  users,
} from '../db/schema';
import { issueParticipationCodes } from '../participation-codes/service';

const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** A volunteer request as a foundation publishes it through the API, in December of the tests' year. */
export const volunteerRequestInput = {
  title: 'Помощь на новогодней ярмарке',
  description: 'Нужны ребята, чтобы встречать гостей и помогать на мастер-классах.',
  eventDate: '2026-12-20',
  eventTime: '11:00',
  location: 'Москва, ВДНХ, павильон 57',
  volunteersNeeded: 12,
};

/** An event as a foundation fills in its form, without the day, which each test chooses. */
export const eventFormInput = {
  title: 'Субботник в парке Горького',
  description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк Горького, главный вход',
  activityType: 'ecology',
  minParticipants: 5,
  totalSlots: 15,
  hours: 3,
  ageRestriction: '12+',
  contactPersonName: 'Ольга Смирнова',
  contactPersonPhone: '+7 (495) 123-45-67',
  contactPersonEmail: 'olga@zeleny-gorod.example',
};

/**
 * An event with ten places on 5 December, as a foundation's form sends it: the valid body of the security
 * suites and the cache tests.
 */
export const tenPlaceEventInput = {
  title: 'Субботник в парке',
  description: 'Убираем листья и готовим клумбы к зиме вместе с учениками.',
  date: '2026-12-05',
  startTime: '10:00',
  endTime: '13:00',
  location: 'Парк Горького',
  activityType: 'ecology',
  minParticipants: 1,
  totalSlots: 10,
  hours: 3,
  contactPersonName: 'Ольга Смирнова',
  contactPersonPhone: '+7 (495) 123-45-67',
  contactPersonEmail: 'olga@example.org',
};

/** Rows made directly in the database, for tests of what the API reads. */
export async function createFoundation(
  db: Db,
  values: { name?: string; status?: ModerationStatus; directions?: Direction[]; description?: string } = {},
) {
  const [user] = await db
    .insert(users)
    .values({ username: unique('fond'), passwordHash: 'x', role: 'foundation' })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [foundation] = await db
    .insert(foundations)
    .values({
      name: values.name ?? unique('Фонд'),
      description: values.description ?? 'Помогаем людям и природе вместе со школьниками.',
      directions: values.directions ?? ['ecology'],
      moderationStatus: values.status ?? 'approved',
      location: 'Москва',
    })
    .returning();
  if (!foundation) throw new Error('foundation not created');
  await db
    .insert(organisationMembers)
    .values({ userId: user.id, foundationId: foundation.id, role: 'owner' });
  // userId: the owner's account, which signs in as the foundation in most tests.
  return { ...foundation, userId: user.id };
}

export async function createSchool(db: Db, status: ModerationStatus = 'approved') {
  const [user] = await db
    .insert(users)
    .values({ username: unique('school'), passwordHash: 'x', role: 'school' })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [school] = await db
    .insert(schools)
    .values({ name: 'Школа № 1', moderationStatus: status })
    .returning();
  if (!school) throw new Error('school not created');
  await db.insert(organisationMembers).values({ userId: user.id, schoolId: school.id, role: 'owner' });
  return { ...school, userId: user.id };
}

export interface EventValues {
  title?: string;
  description?: string;
  date: string;
  activityType?: ActivityType;
  ageRestriction?: number | null;
  totalSlots?: number | null;
  reservedSlots?: number;
  status?: 'upcoming' | 'active' | 'completed' | 'canceled';
  startTime?: string;
  location?: string;
  address?: string | null;
}

export async function createEvent(db: Db, foundationId: number, values: EventValues) {
  const [event] = await db
    .insert(events)
    .values({
      foundationId,
      title: values.title ?? unique('Мероприятие'),
      description: values.description ?? 'Описание мероприятия для школьников-волонтёров.',
      activityType: values.activityType ?? 'ecology',
      status: values.status ?? 'upcoming',
      date: values.date,
      startTime: values.startTime ?? '10:00',
      endTime: '13:00',
      location: values.location ?? 'Парк Горького',
      address: values.address ?? null,
      hours: 3,
      totalSlots: values.totalSlots === undefined ? 20 : values.totalSlots,
      reservedSlots: values.reservedSlots ?? 0,
      ageRestriction: values.ageRestriction ?? null,
    })
    .returning();
  if (!event) throw new Error('event not created');
  return event;
}

export async function createApplication(
  db: Db,
  values: {
    eventId: number;
    schoolId: number;
    participantCount: number;
    status: ApplicationStatus;
  },
) {
  const [application] = await db
    .insert(applications)
    .values({ ...values, contactPerson: 'Иван Петрович', contactPhone: '+7 900 000-00-00' })
    .returning();
  if (!application) throw new Error('application not created');
  return application;
}

/** An administrator, made in the database since nobody signs up as one, with a session of its own. */
export async function createAdmin(db: Db, username = unique('admin')) {
  const [admin] = await db
    .insert(users)
    .values({ username, passwordHash: 'x', role: 'admin' })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin not created');
  return { id: admin.id, sid: (await createSession(db, admin.id)).sessionId };
}

/** Hours credited to a school for an event, as completing the event records them. */
export async function createHourCredit(
  db: Db,
  values: {
    schoolId: number;
    event: { id: number; title: string; date: string };
    applicationId?: number;
    participantCount: number;
    hours: number;
  },
) {
  const { event, ...credited } = values;
  const [credit] = await db
    .insert(hourCredits)
    .values({ ...credited, eventId: event.id, eventTitle: event.title, eventDate: event.date })
    .returning();
  if (!credit) throw new Error('hour credit not created');
  return credit;
}

/** Issues the pupils' participation codes of a credit, as completing the event does, and returns the first. */
export async function firstParticipationCode(db: Db, credit: Awaited<ReturnType<typeof createHourCredit>>) {
  await issueParticipationCodes(db, [credit]);
  const [issued] = await db
    .select({ code: participationCodes.code })
    .from(participationCodes)
    .where(eq(participationCodes.hourCreditId, credit.id));
  return issued?.code ?? '';
}
