import type { Session } from '../../shared/auth';
import type { EventDetail, EventSummary } from '../../shared/events';
import type { FoundationCard } from '../../shared/foundations';
import type { Profile } from '../../shared/profile';

/*
 * The API's answers for the component tests, each typed by the answer's own type from src/shared, so a
 * change of an answer breaks the tests that build it here, once, rather than in every test's copy.
 */

/** An event as GET /api/events lists it. */
export function eventSummary(id: number, values: Partial<EventSummary> = {}): EventSummary {
  return {
    id,
    title: `Мероприятие № ${id}`,
    description: 'Помогаем вместе',
    activityType: 'ecology',
    status: 'upcoming',
    date: '2027-05-15',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Москва, парк Горького',
    address: null,
    hours: 3,
    totalSlots: 20,
    remainingSlots: 12,
    availability: 'available',
    participantsCount: 8,
    ageRestriction: null,
    image: null,
    isPastEvent: false,
    dayHasCome: false,
    foundationId: 3,
    foundation: { id: 3, name: 'Фонд «Зелёный город»' },
    ...values,
  };
}

/** An event as GET /api/events/{id} answers it. */
export function eventDetail(id: number, values: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventSummary(id),
    requirements: null,
    skills: null,
    additionalInfo: null,
    minParticipants: 1,
    contactPersonName: 'Ольга Смирнова',
    contactPersonPhone: '+7 (495) 123-45-67',
    contactPersonEmail: null,
    contactPersonTelegram: null,
    contactPersonVk: null,
    ...values,
  };
}

/** The account of a school the profile and dashboard tests follow, from its sign-up on. */
export const gymnasium1543 = {
  id: 31,
  username: 'gymnasium_1543',
  organisationId: 9,
} satisfies Partial<Profile>;

/** GET /api/profile of a school, approved unless told otherwise. */
export function schoolProfile(values: Partial<Profile> = {}): Profile {
  return {
    id: 40,
    username: 'licey1535',
    role: 'school',
    organisationId: 41,
    moderationStatus: 'approved',
    moderationComment: null,
    moderatedAt: '2026-03-01T09:00:00.000Z',
    notificationsReadAt: null,
    hasNewNotifications: false,
    isProfileComplete: true,
    fullName: 'Лицей № 1535',
    shortDescription: null,
    description: 'Лицей с сильной волонтёрской командой старшеклассников.',
    email: 'licey@school.example',
    phone: '+7 (499) 245-12-12',
    address: 'Москва, ул. Усачёва, д. 50',
    location: null,
    website: null,
    telegramChannel: null,
    vkLink: null,
    contactPerson: 'Елена Викторовна',
    avatar: null,
    logoImageId: null,
    schoolType: 'state',
    totalHours: 0,
    totalEvents: 0,
    hoursPerHeldEvent: 0,
    registeredEvents: 0,
    ...values,
  };
}

/** GET /api/profile of an approved foundation whose event form starts with its contacts. */
export function foundationProfile(values: Partial<Profile> = {}): Profile {
  return schoolProfile({
    id: 30,
    username: 'zeleny_gorod',
    role: 'foundation',
    organisationId: 3,
    fullName: 'Фонд «Зелёный город»',
    email: 'fond@foundation.example',
    phone: '+7 (495) 123-45-67',
    contactPerson: 'Ольга Смирнова',
    schoolType: null,
    directions: ['ecology'],
    ...values,
  });
}

/** GET /api/session of the account whose profile this is. */
export function sessionOf(profile: Pick<Profile, 'id' | 'username' | 'role' | 'organisationId'>): Session {
  const memberRole = profile.role === 'school' || profile.role === 'foundation' ? 'owner' : null;
  return {
    user: {
      id: profile.id,
      username: profile.username,
      role: profile.role,
      memberRole,
      organisationId: profile.organisationId,
    },
  };
}

/** A foundation as GET /api/foundations lists it: approved and verified. */
export function foundationCard(id: number, values: Partial<FoundationCard> = {}): FoundationCard {
  return {
    id,
    name: `Фонд № ${id}`,
    shortDescription: null,
    description: null,
    directions: [],
    location: null,
    logo: null,
    eventsCount: 0,
    moderationStatus: 'approved',
    verified: true,
    ...values,
  };
}
