import { randomBytes } from 'node:crypto';
import type { ActivityType, Direction, RegistrationStatus } from '../../shared/catalog';
import type { ModerationStatus } from '../../shared/roles';
import type { Db } from '../db/client';
import { events, foundations, registrations, schools, users } from '../db/schema';

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
      userId: user.id,
      name: values.name ?? unique('Фонд'),
      description: values.description ?? 'Помогаем людям и природе вместе со школьниками.',
      directions: values.directions ?? ['ecology'],
      moderationStatus: values.status ?? 'approved',
      location: 'Москва',
    })
    .returning();
  if (!foundation) throw new Error('foundation not created');
  return foundation;
}

export async function createSchool(db: Db, status: ModerationStatus = 'approved') {
  const [user] = await db
    .insert(users)
    .values({ username: unique('school'), passwordHash: 'x', role: 'school' })
    .returning({ id: users.id });
  if (!user) throw new Error('user not created');
  const [school] = await db
    .insert(schools)
    .values({ userId: user.id, name: 'Школа № 1', moderationStatus: status })
    .returning();
  if (!school) throw new Error('school not created');
  return school;
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

export async function createRegistration(
  db: Db,
  values: {
    eventId: number;
    schoolId: number;
    participantCount: number;
    status: RegistrationStatus;
  },
) {
  const [registration] = await db
    .insert(registrations)
    .values({ ...values, contactPerson: 'Иван Петрович', contactPhone: '+7 900 000-00-00' })
    .returning();
  if (!registration) throw new Error('registration not created');
  return registration;
}
