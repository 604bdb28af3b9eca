/**
 * Who may call which API route (issue 9): one row per route, the answer each of eight callers must get.
 * authorization-matrix.test.ts walks it against a live app with real sessions and fails for a route
 * that has no row, for a row whose route is gone, and for any answer that differs, above all an
 * unexpected 2xx.
 *
 * Every resource in a URL belongs to the first school or the first foundation, so the "other" and
 * "pending" columns prove the ownership checks, not just the role checks. Sources: each route's
 * description (/api/docs) and ../shared/spec/working-areas.md section 6.
 */

import { randomBytes } from 'node:crypto';
import { exportFormats } from '../../shared/exports';
import { tenPlaceEventInput, volunteerRequestInput } from '../test/factories';

export const callers = [
  'anonymous',
  'school',
  'otherSchool',
  'pendingSchool',
  'foundation',
  'otherFoundation',
  'pendingFoundation',
  'admin',
] as const;
export type Caller = (typeof callers)[number];

/**
 * The other members of the first school and the first foundation (issue 53): their answers follow from
 * the owner's by the rules of memberAnswer, so every row checks them without a column of its own.
 */
export const memberCallers = [
  'schoolCoordinator',
  'schoolViewer',
  'foundationCoordinator',
  'foundationViewer',
] as const;
export type MemberCaller = (typeof memberCallers)[number];
export type AnyCaller = Caller | MemberCaller;

/** The status each caller must get, in the order of `callers`. */
export type Answers = readonly [
  anonymous: number,
  school: number,
  otherSchool: number,
  pendingSchool: number,
  foundation: number,
  otherFoundation: number,
  pendingFoundation: number,
  admin: number,
];

/**
 * Texts written into rows that only some callers may read. A status of 200 for everyone says nothing
 * about whose rows came back; these do.
 */
export const markers = {
  applicationNote: 'Заметка первой школы для фонда',
  responseContact: 'Контакт отклика первой школы',
  report: 'Отчёт первого фонда',
  archiveEntry: 'Архив первой школы',
  cancelledEvent: 'Отменённое мероприятие первого фонда',
  hiddenRequest: 'Заявка фонда на модерации',
  notification: 'Уведомление первой школы',
  eventMessage: 'Сообщение первого фонда школам своего мероприятия',
} as const;

/** Tables whose rows a call may create or change; a refused call must leave them as they were. */
export type Kind =
  | 'event'
  | 'application'
  | 'hourCredit'
  | 'report'
  | 'volunteerRequest'
  | 'schoolResponse'
  | 'news'
  | 'user'
  | 'school'
  | 'certificate'
  | 'participationCode'
  | 'eventMessage';

/** What the rows may use: the callers, rows made once, and fresh rows for calls that change them. */
export interface MatrixWorld {
  usernameOf(caller: Exclude<AnyCaller, 'anonymous'>): string;
  userIdOf(caller: Exclude<AnyCaller, 'anonymous'>): number;
  /** The organisation (school or foundation row) behind a caller. */
  organisationIdOf(caller: Exclude<AnyCaller, 'anonymous' | 'admin'>): number;
  /** The caller's own row in their organisation's team. */
  memberIdOf(caller: Exclude<AnyCaller, 'anonymous' | 'admin'>): number;
  /** The one password of every account the world made. */
  password: string;
  /** Rows made once that no row changes: the first foundation's event, request and image, and so on. */
  base: {
    eventId: number;
    /** The first school's approved application to that event. */
    applicationId: number;
    /** A cancelled event of the first foundation: hidden from everyone but its owner. */
    cancelledEventId: number;
    volunteerRequestId: number;
    /** A request of the pending foundation: hidden from everyone but its owner and the admin. */
    pendingFoundationRequestId: number;
    imageId: number;
    /** The first school's completed application, where two pupils came and got codes. */
    completedApplicationId: number;
    /** One of its codes, as the school's list shows it. */
    participationCode: string;
    /** The first school's signed one-click link for reminders, as its letters carry it. */
    unsubscribeToken: string;
  };
  /** A small PNG for uploads. */
  picture: Buffer;
  fresh: {
    /** An upcoming event of the first foundation. */
    event(): Promise<number>;
    /** An event of the first foundation on today's date: one that may be completed. */
    heldEvent(): Promise<number>;
    /** An application (pending unless told) of the first school to a fresh event of the first foundation. */
    application(status?: 'pending' | 'approved'): Promise<{ eventId: number; applicationId: number }>;
    /** An archive entry (hour credit) of the first school. */
    archiveEntry(): Promise<number>;
    report(): Promise<number>;
    volunteerRequest(): Promise<number>;
    /** A pending response of the first school to a fresh request of the first foundation. */
    schoolResponse(): Promise<number>;
    news(): Promise<number>;
    /** A school account nobody else uses, for the deletion of users. */
    schoolAccount(): Promise<number>;
    /** The code of a certificate of the first school, whose events include the marked archive entry. */
    certificate(): Promise<string>;
    /** A completed application of the first school with two pupils' codes, and one of them. */
    completedApplication(): Promise<{ eventId: number; applicationId: number; code: string }>;
    /** The secret of a fresh school's private calendar feed. */
    calendarToken(): Promise<string>;
    /** A new viewer in the first school's team, by member id. */
    schoolMember(): Promise<number>;
    /** An open invitation into the first school's team, and the token of its link. */
    invitation(): Promise<{ id: number; token: string }>;
  };
  /** The stored row, to compare before and after a refused call. */
  snapshot(kind: Kind, id: number): Promise<unknown>;
  count(kind: Kind): Promise<number>;
}

/** Path parameters: ids as numbers, or as the text an attacker writes ('0x10', '1.0'). */
export type Params = Record<string, number | string>;

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route exactly as registered, with its :params. */
  route: string;
  /** What this row checks, when a route has more than one. */
  variant?: string;
  query?: string;
  /**
   * The path parameters; called before every caller's request, so a row that deletes or decides gets
   * fresh rows each time and no caller's answer depends on another's.
   */
  params?: (world: MatrixWorld) => Params | Promise<Params>;
  /** A valid body, so that an allowed caller's 2xx is real; it may use this request's fresh `params`. */
  body?: (world: MatrixWorld, caller: AnyCaller, params: Params) => object | Buffer;
  contentType?: string;
  /** What the call could change; a refused call must leave it equal. */
  state?: (world: MatrixWorld, params: Params) => Promise<unknown>;
  /** A text only these callers may find in the answer; every other caller's answer must lack it. */
  reveals?: {
    text: string | ((world: MatrixWorld) => string);
    to: readonly Caller[];
    /** The other members who may read it, when not every member of an organisation in `to` may. */
    members?: readonly MemberCaller[];
  };
  answers: Answers;
  /**
   * Who in a team may make this write beyond its owner: 'person' for what a person does for themselves
   * or anyone may do (their password, their e-mail settings, signing in), so a viewer may too; 'owner'
   * for the team and the profile, refused to coordinators and viewers alike. Unset: the organisation's
   * work, which a coordinator does as the owner does and a viewer may not.
   */
  access?: 'person' | 'owner';
  /** The members whose answer the rules of memberAnswer do not give, and the answer they get instead. */
  memberAnswers?: Partial<Record<MemberCaller, number>>;
}

const organisationOwnerOf = (caller: MemberCaller): Caller =>
  caller.startsWith('school') ? 'school' : 'foundation';

/**
 * The answer a member other than the owner must get: the owner's, except that a viewer's every write of
 * the organisation's work and a coordinator's or a viewer's owner-only write are 403 (issue 53, item 7).
 */
export function memberAnswer(row: MatrixRow, caller: MemberCaller): number {
  const stated = row.memberAnswers?.[caller];
  if (stated !== undefined) return stated;
  const owners = row.answers[callers.indexOf(organisationOwnerOf(caller))] ?? 0;
  if (row.access === 'owner') return 403;
  const isWrite = row.method !== 'GET';
  if (caller.endsWith('Viewer') && isWrite && row.access !== 'person') return 403;
  return owners;
}

/** May a member read what the row reveals? Whatever their owner may read, unless the row says who. */
export const memberMayRead = (row: MatrixRow, caller: MemberCaller) =>
  row.reveals?.members?.includes(caller) ?? row.reveals?.to.includes(organisationOwnerOf(caller)) ?? false;

const schoolProfile = {
  fullName: 'Гимназия № 1543',
  schoolType: 'state',
  description: 'Школа с волонтёрским отрядом из 120 учеников.',
  address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
  phone: '+7 (495) 433-16-44',
  email: 'volunteers@gymnasium.example',
};

const foundationProfile = {
  fullName: 'Фонд «Тёплый дом»',
  description: 'Поддерживаем детей-сирот и выпускников детских домов.',
  address: 'Москва, Новослободская ул., д. 14/19',
  phone: '+7 (495) 987-65-43',
  email: 'dom@teplyi-dom.example',
  directions: ['social', 'education'],
};

const application = {
  participantCount: 2,
  parentalConsent: true,
  contactPerson: 'Елена Викторовна',
  contactPhone: '+7 (499) 245-12-12',
};

const news = { title: 'Итоги осени', content: 'Школьники посадили сто деревьев.', category: 'news' };

const isSchool = (caller: AnyCaller) =>
  caller === 'school' ||
  caller === 'otherSchool' ||
  caller === 'pendingSchool' ||
  caller === 'schoolCoordinator' ||
  caller === 'schoolViewer';

const base = (pick: (ids: MatrixWorld['base']) => number) => (world: MatrixWorld) => ({
  id: pick(world.base),
});
const fresh = (make: (world: MatrixWorld) => Promise<number>) => async (world: MatrixWorld) => ({
  id: await make(world),
});
const rowOf = (kind: Kind) => (world: MatrixWorld, params: Params) =>
  world.snapshot(kind, Number(params.id ?? 0));
const countOf = (kind: Kind) => (world: MatrixWorld) => world.count(kind);

// Every answers tuple, in the order of `callers`:
//   [anonymous, school, other school, pending school, foundation, other foundation, pending foundation, admin]
export const authorizationMatrix: readonly MatrixRow[] = [
  // Accounts: public forms, whoever is signed in.
  {
    method: 'POST',
    route: '/api/register',
    body: () => ({
      username: `matrix_${randomBytes(4).toString('hex')}`,
      password: 'secret123',
      role: 'school',
    }),
    access: 'person',
    answers: [201, 201, 201, 201, 201, 201, 201, 201],
  },
  {
    method: 'POST',
    route: '/api/login',
    body: (world) => ({ username: world.usernameOf('school'), password: world.password }),
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/admin/login',
    variant: 'an administrator’s name and password',
    body: (world) => ({ username: world.usernameOf('admin'), password: world.password }),
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/admin/login',
    variant: 'a school’s own name and password: the administrator’s door stays shut',
    body: (world) => ({ username: world.usernameOf('school'), password: world.password }),
    access: 'person',
    answers: [403, 403, 403, 403, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/logout',
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'PATCH',
    route: '/api/password',
    variant: 'the same password again, so later rows still sign in with it',
    body: (world) => ({ currentPassword: world.password, newPassword: world.password }),
    access: 'person',
    answers: [401, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'PATCH',
    route: '/api/password',
    variant: 'a wrong current password: nothing changes',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-secret-2' }),
    state: (world) => world.snapshot('user', world.userIdOf('school')),
    access: 'person',
    answers: [401, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'POST',
    route: '/api/password-reset',
    body: (world) => ({ login: world.usernameOf('school') }),
    access: 'person',
    answers: [202, 202, 202, 202, 202, 202, 202, 202],
  },
  {
    method: 'POST',
    route: '/api/password-reset/confirm',
    variant: 'a link nobody was sent: whoever is signed in, no password changes',
    body: () => ({ token: randomBytes(32).toString('base64url'), newPassword: 'another-secret-2' }),
    state: countOf('user'),
    access: 'person',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/password-reset-links/:token',
    variant: 'a link nobody was sent: whoever asks, it is not open',
    params: () => ({ token: randomBytes(32).toString('base64url') }),
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  { method: 'GET', route: '/api/user', answers: [401, 200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', route: '/api/session', answers: [200, 200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', route: '/api/health', answers: [200, 200, 200, 200, 200, 200, 200, 200] },

  // Notifications: one's own, for every signed-in account.
  { method: 'GET', route: '/api/notifications/check', answers: [401, 200, 200, 200, 200, 200, 200, 200] },
  {
    method: 'GET',
    route: '/api/notifications',
    // The first school's owner's own notification: a person's, not the team's.
    reveals: { text: markers.notification, to: ['school'], members: [] },
    answers: [401, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/notifications/mark-read',
    access: 'person',
    answers: [401, 200, 200, 200, 200, 200, 200, 200],
  },

  // Profile: every signed-in account reads its own; organisations edit theirs, pending ones included,
  // since completing the profile is what moderation waits for.
  { method: 'GET', route: '/api/profile', answers: [401, 200, 200, 200, 200, 200, 200, 200] },
  {
    method: 'PATCH',
    route: '/api/profile',
    body: (world, caller) =>
      caller === 'anonymous' || caller === 'admin'
        ? { username: 'nobody_matrix', ...schoolProfile }
        : { username: world.usernameOf(caller), ...(isSchool(caller) ? schoolProfile : foundationProfile) },
    access: 'owner',
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },

  // E-mail settings: an organisation's own; the administrator has no organisation e-mail. An unsubscribe
  // link is its own authority, whoever opens it: a forged one changes nobody's settings.
  {
    method: 'GET',
    route: '/api/notification-settings',
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },
  {
    method: 'PUT',
    route: '/api/notification-settings',
    body: () => ({ kinds: [{ kind: 'reminders', enabled: true }] }),
    access: 'person',
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },
  {
    method: 'POST',
    route: '/api/unsubscribe/:token',
    variant: 'the first school’s genuine link',
    params: (world) => ({ token: world.base.unsubscribeToken }),
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/unsubscribe/:token',
    variant: 'its signature under another account',
    params: (world) => ({
      token: `${world.userIdOf('otherSchool')}.reminders.${world.base.unsubscribeToken.split('.')[2]}`,
    }),
    state: (world) => world.snapshot('user', world.userIdOf('otherSchool')),
    access: 'person',
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    method: 'DELETE',
    route: '/api/unsubscribe/:token',
    params: (world) => ({ token: world.base.unsubscribeToken }),
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },

  // Images: any signed-in account uploads (logos, event pictures); anyone reads.
  {
    method: 'POST',
    route: '/api/images',
    body: (world) => world.picture,
    contentType: 'image/png',
    access: 'person',
    answers: [401, 201, 201, 201, 201, 201, 201, 201],
  },
  {
    method: 'GET',
    route: '/api/images/:id',
    params: base((ids) => ids.imageId),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },

  // Public catalogue.
  {
    method: 'GET',
    route: '/api/events',
    reveals: { text: markers.cancelledEvent, to: [] },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/events',
    variant: 'the caller’s own events, every status',
    query: 'foundation=true',
    reveals: { text: markers.cancelledEvent, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  { method: 'GET', route: '/api/events/cities', answers: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    method: 'GET',
    route: '/api/events/:id',
    params: base((ids) => ids.eventId),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    variant: 'a cancelled event: only its foundation sees it, the rest are told it does not exist',
    params: base((ids) => ids.cancelledEventId),
    reveals: { text: markers.cancelledEvent, to: ['foundation'] },
    answers: [404, 404, 404, 404, 200, 404, 404, 404],
  },
  {
    method: 'GET',
    route: '/api/events/:id/application-status',
    variant: 'each school learns about its own application only',
    params: base((ids) => ids.eventId),
    reveals: { text: (world) => `"applicationId":${world.base.applicationId}`, to: ['school'] },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/events/:id/permissions',
    params: base((ids) => ids.eventId),
    reveals: { text: '"isOrganizer":true', to: ['foundation'] },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  { method: 'GET', route: '/api/foundations', answers: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    method: 'GET',
    route: '/api/foundations/:id',
    params: (world) => ({ id: world.organisationIdOf('foundation') }),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/foundations/:id',
    variant: 'a foundation under moderation is not in the catalogue, not even for itself',
    params: (world) => ({ id: world.organisationIdOf('pendingFoundation') }),
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  { method: 'GET', route: '/api/news', answers: [200, 200, 200, 200, 200, 200, 200, 200] },
  { method: 'GET', route: '/api/stats/impact', answers: [200, 200, 200, 200, 200, 200, 200, 200] },
  {
    method: 'GET',
    route: '/api/news/:id',
    params: fresh((world) => world.fresh.news()),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/share-cards/:kind/:id',
    variant: 'the link-preview picture of a public event',
    params: (world) => ({ kind: 'events', id: world.base.eventId }),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/share-cards/:kind/:id',
    variant: 'a cancelled event has no picture, not even for its foundation',
    params: (world) => ({ kind: 'events', id: world.base.cancelledEventId }),
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    method: 'GET',
    route: '/api/volunteer-requests',
    reveals: { text: markers.hiddenRequest, to: ['pendingFoundation', 'admin'] },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/volunteer-requests/:id',
    variant: 'a response is read by the request’s foundation and the school that sent it',
    params: base((ids) => ids.volunteerRequestId),
    reveals: { text: markers.responseContact, to: ['school', 'foundation'] },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/volunteer-requests/:id',
    variant: 'a request of a foundation under moderation: its owner and the admin only',
    params: base((ids) => ids.pendingFoundationRequestId),
    answers: [404, 404, 404, 404, 404, 404, 200, 200],
  },

  // Managing events: approved foundations create; only the owner edits, completes and deletes.
  {
    method: 'POST',
    route: '/api/events',
    body: () => tenPlaceEventInput,
    state: countOf('event'),
    answers: [401, 403, 403, 403, 201, 201, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/events/:id',
    params: fresh((world) => world.fresh.event()),
    body: () => ({ ...tenPlaceEventInput, title: 'Субботник у реки' }),
    state: rowOf('event'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/events/:id',
    params: fresh((world) => world.fresh.heldEvent()),
    body: () => ({ status: 'completed' }),
    state: rowOf('event'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/events/:id/attendance',
    params: async (world) => {
      const { eventId, applicationId } = await world.fresh.completedApplication();
      return { id: eventId, applicationId };
    },
    body: (_world, _caller, params) => ({
      attendance: [{ applicationId: Number(params.applicationId), attended: 1 }],
    }),
    state: (world, params) => world.snapshot('application', Number(params.applicationId)),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'DELETE',
    route: '/api/events/:id',
    params: fresh((world) => world.fresh.event()),
    state: rowOf('event'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },

  // Messages to an event's schools (issue 26): the owning foundation writes and reads; a school reads the
  // messages of an event it applied to, and another event's are not there for it.
  {
    method: 'POST',
    route: '/api/foundation/events/:id/messages',
    params: async (world) => ({ id: (await world.fresh.application('approved')).eventId }),
    body: () => ({ text: 'Сбор у главного входа парка в 9:45' }),
    state: countOf('eventMessage'),
    answers: [401, 403, 403, 403, 201, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/events/:id/messages',
    params: base((ids) => ids.eventId),
    reveals: { text: markers.eventMessage, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/events/:id/messages',
    params: base((ids) => ids.eventId),
    reveals: { text: markers.eventMessage, to: ['school'] },
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },

  // Foundation dashboard: each foundation counts its own rows, pending ones too.
  { method: 'GET', route: '/api/foundation/stats', answers: [401, 403, 403, 403, 200, 200, 200, 403] },
  {
    method: 'GET',
    route: '/api/foundation/application-stats',
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/applications-count',
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },

  // Reports: any foundation keeps its own (no moderation needed); another's report does not exist for it.
  {
    method: 'GET',
    route: '/api/foundation/reports',
    reveals: { text: markers.report, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  {
    method: 'POST',
    route: '/api/foundation/reports',
    body: () => ({ eventTitle: 'Субботник в парке', eventDate: '2026-11-01', volunteersCount: 12 }),
    state: countOf('report'),
    answers: [401, 403, 403, 403, 201, 201, 201, 403],
  },
  {
    method: 'DELETE',
    route: '/api/foundation/reports/:id',
    params: fresh((world) => world.fresh.report()),
    state: rowOf('report'),
    answers: [401, 403, 403, 403, 200, 404, 404, 403],
  },

  // Applications: approved schools apply; the school that applied cancels; the event's foundation decides.
  {
    method: 'POST',
    route: '/api/events/:id/register',
    params: fresh((world) => world.fresh.event()),
    body: () => application,
    state: countOf('application'),
    answers: [401, 201, 201, 403, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/events/:id/cancel-application',
    variant: 'another school has no application there to cancel',
    params: async (world) => ({ id: (await world.fresh.application()).eventId }),
    state: countOf('application'),
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },
  {
    method: 'DELETE',
    route: '/api/applications/:id',
    params: async (world) => ({ id: (await world.fresh.application()).applicationId }),
    state: rowOf('application'),
    answers: [401, 200, 403, 403, 403, 403, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/applications/:id',
    params: async (world) => ({ id: (await world.fresh.application()).applicationId }),
    body: () => ({ participantCount: 1 }),
    state: rowOf('application'),
    answers: [401, 200, 403, 403, 403, 403, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/foundation/applications/:id',
    params: async (world) => ({ id: (await world.fresh.application()).applicationId }),
    body: () => ({ action: 'approve' }),
    state: rowOf('application'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/my-applications',
    // The school has more applications than a page holds; the one carrying the marker is approved.
    query: 'status=approved&limit=100',
    reveals: { text: markers.applicationNote, to: ['school'] },
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/my-applications/counts',
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/school/approved-applications',
    reveals: { text: markers.applicationNote, to: ['school'] },
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/school/completed-events',
    reveals: { text: markers.archiveEntry, to: ['school'] },
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'DELETE',
    route: '/api/school/archive/:id',
    params: fresh((world) => world.fresh.archiveEntry()),
    state: rowOf('hourCredit'),
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },

  // Proof of hours (issue 25): a school's certificate is always its own, of an approved school only (the
  // other school has no hours in the period: 409, nothing issued); a code's facts are public by design.
  {
    method: 'GET',
    route: '/api/school/certificate.pdf',
    query: 'from=2026-09-01&to=2027-08-31',
    state: countOf('certificate'),
    answers: [401, 200, 409, 403, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/school/certificate-years',
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/verify/:code',
    variant: "a certificate's code: anyone may check it",
    params: async (world) => ({ code: await world.fresh.certificate() }),
    reveals: { text: markers.archiveEntry, to: callers },
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/verify/:code',
    variant: 'a code nobody was given',
    params: () => ({ code: 'ABCD-EFGH-JKMN-PQRS' }),
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },

  // Reports of hours (issue 25): each caller reads its own organisation's figures only.
  {
    method: 'GET',
    route: '/api/school/hours-report',
    query: 'year=2026',
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/school/hours-goal',
    body: () => ({ goal: 500 }),
    state: (world) => world.snapshot('school', world.organisationIdOf('school')),
    answers: [401, 200, 200, 200, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/hours-report',
    query: 'year=2026',
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/applications',
    // Rows below add applications of their own; the filter keeps the marked one on the first page.
    query: 'status=approved&limit=100',
    reveals: { text: markers.applicationNote, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/approved-applications',
    reveals: { text: markers.applicationNote, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 200, 200, 403],
  },
  {
    method: 'GET',
    route: '/api/foundation/events/:eventId',
    variant: 'another foundation’s event is not found',
    params: (world) => ({ eventId: world.base.eventId }),
    reveals: { text: markers.applicationNote, to: ['foundation'] },
    answers: [401, 403, 403, 403, 200, 404, 404, 403],
  },

  // Printouts (issue 25): the owning foundation's participant list, the owning school's trip sheet.
  {
    method: 'GET',
    route: '/api/foundation/events/:id/participants.pdf',
    variant: 'another foundation’s event is not found',
    params: base((ids) => ids.eventId),
    answers: [401, 403, 403, 403, 200, 404, 404, 403],
  },
  {
    method: 'GET',
    route: '/api/applications/:id/trip-sheet.pdf',
    variant: 'another school’s application is not found',
    params: base((ids) => ids.applicationId),
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/applications/:id/trip-sheet.pdf',
    variant: 'a pending application has no trip sheet yet',
    params: async (world) => ({ id: (await world.fresh.application('pending')).applicationId }),
    state: rowOf('application'),
    answers: [401, 409, 404, 404, 403, 403, 403, 403],
  },

  // Pupils' participation codes (issue 25): the school whose pupils came lists, prints and replaces them;
  // anyone holding a code claims it.
  {
    method: 'GET',
    route: '/api/applications/:id/codes',
    params: base((ids) => ids.completedApplicationId),
    reveals: { text: (world) => world.base.participationCode, to: ['school'] },
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },
  {
    method: 'GET',
    route: '/api/applications/:id/codes.pdf',
    params: base((ids) => ids.completedApplicationId),
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/applications/:id/codes/:code/reissue',
    params: async (world) => {
      const { applicationId, code } = await world.fresh.completedApplication();
      return { id: applicationId, code };
    },
    state: countOf('participationCode'),
    answers: [401, 200, 404, 404, 403, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/claim',
    variant: 'a fresh code for every caller',
    params: async (world) => ({ code: (await world.fresh.completedApplication()).code }),
    body: (_world, _caller, params) => ({ code: params.code, name: 'Анна Петрова' }),
    access: 'person',
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/claim',
    variant: 'a malformed code',
    body: () => ({ code: 'ABCD-EFGH', name: 'Анна Петрова' }),
    state: countOf('participationCode'),
    access: 'person',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },

  // Calendars (issue 26): an event's file for whoever may see the event; a feed for whoever holds its
  // secret address, since calendar apps cannot sign in; the address itself for schools and foundations.
  {
    method: 'GET',
    route: '/api/events/:id/calendar.ics',
    params: base((ids) => ids.eventId),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/events/:id/calendar.ics',
    variant: 'a cancelled event: only its foundation gets the file',
    params: base((ids) => ids.cancelledEventId),
    answers: [404, 404, 404, 404, 200, 404, 404, 404],
  },
  {
    method: 'GET',
    route: '/api/calendar/:token.ics',
    params: async (world) => ({ token: await world.fresh.calendarToken() }),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'GET',
    route: '/api/calendar/:token.ics',
    variant: 'a token nobody holds',
    params: () => ({ token: 'A'.repeat(43) }),
    answers: [404, 404, 404, 404, 404, 404, 404, 404],
  },
  { method: 'GET', route: '/api/calendar-feed', answers: [401, 200, 200, 200, 200, 200, 200, 403] },
  {
    method: 'POST',
    route: '/api/calendar-feed',
    state: (world) => world.snapshot('user', world.userIdOf('admin')),
    access: 'person',
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },

  // Volunteer requests: approved foundations publish, the owner changes and decides, approved schools
  // answer, and the school that answered changes or withdraws its answer until it is decided.
  {
    method: 'POST',
    route: '/api/volunteer-requests',
    body: () => volunteerRequestInput,
    state: countOf('volunteerRequest'),
    answers: [401, 403, 403, 403, 201, 201, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/volunteer-requests/:id',
    params: fresh((world) => world.fresh.volunteerRequest()),
    body: () => ({ status: 'closed' }),
    state: rowOf('volunteerRequest'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/volunteer-requests/:id/respond',
    params: fresh((world) => world.fresh.volunteerRequest()),
    body: () => ({ volunteersOffered: 8, contactPerson: 'Ольга Сергеевна' }),
    state: countOf('schoolResponse'),
    answers: [401, 201, 201, 403, 403, 403, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/school-responses/:id',
    params: fresh((world) => world.fresh.schoolResponse()),
    body: () => ({ status: 'accepted', processingNote: 'Ждём вас в 11:00' }),
    state: rowOf('schoolResponse'),
    answers: [401, 403, 403, 403, 200, 403, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/school-responses/:id',
    params: fresh((world) => world.fresh.schoolResponse()),
    body: () => ({ volunteersOffered: 6, contactPerson: 'Ольга Сергеевна' }),
    state: rowOf('schoolResponse'),
    answers: [401, 200, 403, 403, 403, 403, 403, 403],
  },
  {
    method: 'DELETE',
    route: '/api/school-responses/:id',
    params: fresh((world) => world.fresh.schoolResponse()),
    state: rowOf('schoolResponse'),
    answers: [401, 200, 403, 403, 403, 403, 403, 403],
  },

  // Administration: administrators only, before anything is read.
  { method: 'GET', route: '/api/admin/stats', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  { method: 'GET', route: '/api/admin/hours-report', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  { method: 'GET', route: '/api/admin/users', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  {
    method: 'GET',
    route: '/api/admin/organizations/moderation',
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'GET',
    route: '/api/admin/events',
    query: `search=${encodeURIComponent(markers.cancelledEvent)}`,
    reveals: { text: markers.cancelledEvent, to: ['admin'] },
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  { method: 'GET', route: '/api/admin/applications', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  {
    method: 'GET',
    route: '/api/admin/reports',
    reveals: { text: markers.report, to: ['admin'] },
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  { method: 'GET', route: '/api/admin/foundations', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  {
    method: 'PATCH',
    route: '/api/admin/organizations/:id/moderate',
    variant: 'the first school is approved once more',
    params: (world) => ({ id: world.userIdOf('school') }),
    body: () => ({ status: 'approved' }),
    state: (world) => world.snapshot('school', world.organisationIdOf('school')),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    // An account of its own: deleting the first school would take a caller away from the rows after it.
    params: fresh((world) => world.fresh.schoolAccount()),
    state: rowOf('user'),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/events/:id',
    params: fresh((world) => world.fresh.event()),
    state: rowOf('event'),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/applications/:id',
    params: async (world) => ({ id: (await world.fresh.application()).applicationId }),
    state: rowOf('application'),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'PATCH',
    route: '/api/admin/update-credentials',
    variant: 'the same password again, so later rows still sign in with it',
    body: (world) => ({ currentPassword: world.password, newPassword: world.password }),
    state: (world) => world.snapshot('user', world.userIdOf('admin')),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  { method: 'GET', route: '/api/admin/news', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  { method: 'GET', route: '/api/admin/mail', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  {
    method: 'POST',
    route: '/api/admin/mail/:id/retry',
    // No letter has failed in this world: the administrator passes the guard and finds none.
    params: () => ({ id: 987_654 }),
    answers: [401, 403, 403, 403, 403, 403, 403, 404],
  },
  {
    method: 'POST',
    route: '/api/admin/news',
    body: () => news,
    state: countOf('news'),
    answers: [401, 403, 403, 403, 403, 403, 403, 201],
  },
  {
    method: 'PUT',
    route: '/api/admin/news/:id',
    params: fresh((world) => world.fresh.news()),
    body: () => ({ ...news, title: 'Итоги осени: сто деревьев' }),
    state: rowOf('news'),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/news/:id',
    params: fresh((world) => world.fresh.news()),
    state: rowOf('news'),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },

  // Exports (issue 25): each list's CSV and XLSX, for whoever may read the list. The CSV rows prove whose
  // rows come back; the XLSX is compressed, so its rows prove the answers only.
  ...exportFormats.flatMap((format): MatrixRow[] => [
    {
      method: 'GET',
      route: `/api/foundation/applications/export.${format}`,
      ...(format === 'csv' ? { reveals: { text: markers.applicationNote, to: ['foundation'] } } : {}),
      answers: [401, 403, 403, 403, 200, 200, 200, 403],
    },
    {
      method: 'GET',
      route: `/api/foundation/events/:id/participants.${format}`,
      variant: 'another foundation’s event is not found',
      params: base((ids) => ids.eventId),
      answers: [401, 403, 403, 403, 200, 404, 404, 403],
    },
    {
      method: 'GET',
      route: `/api/school/applications/export.${format}`,
      answers: [401, 200, 200, 200, 403, 403, 403, 403],
    },
    {
      method: 'GET',
      route: `/api/school/hours.${format}`,
      ...(format === 'csv' ? { reveals: { text: markers.archiveEntry, to: ['school'] } } : {}),
      answers: [401, 200, 200, 200, 403, 403, 403, 403],
    },
    {
      method: 'GET',
      route: `/api/admin/users/export.${format}`,
      answers: [401, 403, 403, 403, 403, 403, 403, 200],
    },
    {
      method: 'GET',
      route: `/api/admin/events/export.${format}`,
      ...(format === 'csv' ? { reveals: { text: markers.cancelledEvent, to: ['admin'] } } : {}),
      answers: [401, 403, 403, 403, 403, 403, 403, 200],
    },
    {
      method: 'GET',
      route: `/api/admin/applications/export.${format}`,
      answers: [401, 403, 403, 403, 403, 403, 403, 200],
    },
    {
      method: 'GET',
      route: `/api/admin/hours/export.${format}`,
      ...(format === 'csv' ? { reveals: { text: markers.archiveEntry, to: ['admin'] } } : {}),
      answers: [401, 403, 403, 403, 403, 403, 403, 200],
    },
  ]),

  // Hostile input (issue 21): what the input rules refuse, tried with every caller. A caller the route's
  // guard turns away still hears 401/403 (guards run before the body is read); everyone it lets through
  // hears 400 with a Russian message, also where the service would later refuse the caller (a pending
  // foundation, another school), since the input is checked first. Rules that need "today" live in the
  // service, after the moderation check, so a pending foundation hears 403 there.
  {
    method: 'POST',
    route: '/api/register',
    variant: 'a username with a right-to-left override',
    body: () => ({
      username: `matrix\u202e${randomBytes(3).toString('hex')}`,
      password: 'secret123',
      role: 'school',
    }),
    state: countOf('user'),
    access: 'person',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'POST',
    route: '/api/login',
    variant: 'a direction control in the name',
    body: (world) => ({ username: `\u2067${world.usernameOf('school')}`, password: world.password }),
    access: 'person',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'PATCH',
    route: '/api/profile',
    variant: 'a javascript: Telegram channel',
    body: (world, caller) =>
      caller === 'anonymous' || caller === 'admin'
        ? { username: 'nobody_matrix', ...schoolProfile, telegramChannel: 'javascript:alert(1)' }
        : {
            username: world.usernameOf(caller),
            ...(isSchool(caller) ? schoolProfile : foundationProfile),
            telegramChannel: 'javascript:alert(1)',
          },
    state: (world) => world.snapshot('school', world.organisationIdOf('school')),
    access: 'owner',
    answers: [401, 400, 400, 400, 400, 400, 400, 403],
  },
  {
    method: 'PATCH',
    route: '/api/profile',
    variant: 'a name of zero-width characters only',
    body: (world, caller) => ({
      ...(isSchool(caller) ? schoolProfile : foundationProfile),
      username: caller === 'anonymous' || caller === 'admin' ? 'nobody_matrix' : world.usernameOf(caller),
      fullName: '\u200b\u200b\u200b\u200b\u200b\u200b',
    }),
    state: (world) => world.snapshot('school', world.organisationIdOf('school')),
    access: 'owner',
    answers: [401, 400, 400, 400, 400, 400, 400, 403],
  },
  {
    method: 'GET',
    route: '/api/images/:id',
    variant: 'an id written 0x10',
    params: () => ({ id: '0x10' }),
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/events',
    variant: 'a foundation id written 0x10',
    query: 'foundationId=0x10',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/events',
    variant: 'a page written 1.0',
    query: 'page=1.0',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/events/:id',
    variant: 'an id written 1e1',
    params: () => ({ id: '1e1' }),
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/foundations/:id',
    variant: "an id written ' 1'",
    params: () => ({ id: '%201' }),
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'GET',
    route: '/api/volunteer-requests',
    variant: 'a foundation id written +1',
    query: 'foundationId=%2B1',
    answers: [400, 400, 400, 400, 400, 400, 400, 400],
  },
  {
    method: 'POST',
    route: '/api/events',
    variant: 'a title of direction controls only',
    body: () => ({ ...tenPlaceEventInput, title: '\u202e\u202d\u2066\u2069\u200e\u200f' }),
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/events',
    variant: 'javascript: as the Telegram and VK contacts',
    body: () => ({
      ...tenPlaceEventInput,
      contactPersonTelegram: 'javascript:alert(document.cookie)',
      contactPersonVk: 'javascript:alert(document.cookie)',
    }),
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/events',
    variant: 'hours written "0x3"',
    body: () => ({ ...tenPlaceEventInput, hours: '0x3' }),
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/events',
    variant: 'dated 9999-12-31',
    body: () => ({ ...tenPlaceEventInput, date: '9999-12-31' }),
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/events/:id',
    variant: 'moved to 9999-12-31',
    params: fresh((world) => world.fresh.event()),
    body: () => ({ ...tenPlaceEventInput, date: '9999-12-31' }),
    state: rowOf('event'),
    answers: [401, 403, 403, 403, 400, 403, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/events/:id',
    variant: 'an id written 1.0',
    params: () => ({ id: '1.0' }),
    body: () => tenPlaceEventInput,
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'DELETE',
    route: '/api/events/:id',
    variant: 'an id written 0x10',
    params: () => ({ id: '0x10' }),
    state: countOf('event'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/foundation/reports',
    variant: 'a day more than five years ago',
    body: () => ({ eventTitle: 'Субботник в парке', eventDate: '2021-11-22', volunteersCount: 12 }),
    state: countOf('report'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/foundation/reports',
    variant: 'a count written "+3"',
    body: () => ({ eventTitle: 'Субботник в парке', eventDate: '2026-11-01', volunteersCount: '+3' }),
    state: countOf('report'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'DELETE',
    route: '/api/foundation/reports/:id',
    variant: 'an id written +1',
    params: () => ({ id: '%2B1' }),
    state: countOf('report'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/events/:id/register',
    variant: 'javascript: as the Telegram and VK contacts',
    params: fresh((world) => world.fresh.event()),
    body: () => ({
      ...application,
      contactTelegram: 'javascript:alert(1)',
      contactVk: 'javascript:alert(1)',
    }),
    state: countOf('application'),
    answers: [401, 400, 400, 400, 403, 403, 403, 403],
  },
  {
    method: 'PATCH',
    route: '/api/foundation/applications/:id',
    variant: 'an id written 1e1',
    params: () => ({ id: '1e1' }),
    body: () => ({ action: 'approve' }),
    state: countOf('application'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/volunteer-requests',
    variant: 'dated 9999-12-31',
    body: () => ({ ...volunteerRequestInput, eventDate: '9999-12-31' }),
    state: countOf('volunteerRequest'),
    answers: [401, 403, 403, 403, 400, 400, 403, 403],
  },
  {
    method: 'POST',
    route: '/api/volunteer-requests',
    variant: 'a requirement of soft hyphens only',
    body: () => ({ ...volunteerRequestInput, requirements: ['\u00ad\u00ad\u00ad'] }),
    state: countOf('volunteerRequest'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'POST',
    route: '/api/volunteer-requests/:id/respond',
    variant: 'a message of zero-width characters only',
    params: fresh((world) => world.fresh.volunteerRequest()),
    body: () => ({ volunteersOffered: 8, message: '\u200b\u200b\u200b' }),
    state: countOf('schoolResponse'),
    answers: [401, 400, 400, 400, 403, 403, 403, 403],
  },
  {
    method: 'PUT',
    route: '/api/school-responses/:id',
    variant: 'an id written 0x10',
    params: () => ({ id: '0x10' }),
    body: () => ({ status: 'accepted' }),
    state: countOf('schoolResponse'),
    answers: [401, 403, 403, 403, 400, 400, 400, 403],
  },
  {
    method: 'PATCH',
    route: '/api/admin/update-credentials',
    variant: 'a new username with a right-to-left override',
    body: (world) => ({ currentPassword: world.password, newUsername: 'admin\u202enimda' }),
    state: (world) => world.snapshot('user', world.userIdOf('admin')),
    answers: [401, 403, 403, 403, 403, 403, 403, 400],
  },
  {
    method: 'PATCH',
    route: '/api/admin/organizations/:id/moderate',
    variant: 'a comment of direction controls only',
    params: (world) => ({ id: world.userIdOf('pendingSchool') }),
    body: () => ({ status: 'needs_changes', comment: '\u202e\u2066\u2069' }),
    state: (world) => world.snapshot('school', world.organisationIdOf('pendingSchool')),
    answers: [401, 403, 403, 403, 403, 403, 403, 400],
  },
  {
    method: 'POST',
    route: '/api/admin/news',
    variant: 'a picture link whose host has no dot',
    body: () => ({ ...news, image: 'https://name/' }),
    state: countOf('news'),
    answers: [401, 403, 403, 403, 403, 403, 403, 400],
  },
  {
    method: 'DELETE',
    route: '/api/admin/users/:id',
    variant: "an id written ' 1'",
    params: () => ({ id: '%201' }),
    state: countOf('user'),
    answers: [401, 403, 403, 403, 403, 403, 403, 400],
  },

  // The team (issue 53): any member reads it; only an owner changes it, and only their own organisation's.
  { method: 'GET', route: '/api/organisation/members', answers: [401, 200, 200, 200, 200, 200, 200, 403] },
  {
    method: 'PATCH',
    route: '/api/organisation/members/:id',
    variant: 'the first school’s viewer kept a viewer: a change that changes nothing',
    params: (world) => ({ id: world.memberIdOf('schoolViewer') }),
    body: () => ({ role: 'viewer' }),
    access: 'owner',
    answers: [401, 200, 404, 404, 404, 404, 404, 403],
  },
  {
    method: 'DELETE',
    route: '/api/organisation/members/:id',
    params: async (world) => ({ id: await world.fresh.schoolMember() }),
    access: 'owner',
    answers: [401, 200, 404, 404, 404, 404, 404, 403],
  },
  {
    method: 'POST',
    route: '/api/organisation/transfer-ownership',
    variant: 'to oneself: refused, so the first school keeps its owner for the rows after',
    body: (world, caller) =>
      caller === 'anonymous' || caller === 'admin' ? { memberId: 1 } : { memberId: world.memberIdOf(caller) },
    access: 'owner',
    answers: [401, 409, 409, 409, 409, 409, 409, 403],
  },
  {
    method: 'GET',
    route: '/api/organisation/invitations',
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },
  {
    method: 'POST',
    route: '/api/organisation/invitations',
    body: () => ({ email: `matrix_${randomBytes(4).toString('hex')}@school.example`, role: 'viewer' }),
    access: 'owner',
    answers: [401, 201, 201, 201, 201, 201, 201, 403],
  },
  {
    method: 'DELETE',
    route: '/api/organisation/invitations/:id',
    params: async (world) => ({ id: (await world.fresh.invitation()).id }),
    access: 'owner',
    answers: [401, 200, 404, 404, 404, 404, 404, 403],
  },
  {
    method: 'POST',
    route: '/api/organisation/invitations/:id/resend',
    params: async (world) => ({ id: (await world.fresh.invitation()).id }),
    access: 'owner',
    answers: [401, 200, 404, 404, 404, 404, 404, 403],
  },
  // An invitation link is its own authority, whoever opens it.
  {
    method: 'GET',
    route: '/api/invitation-links/:token',
    params: async (world) => ({ token: (await world.fresh.invitation()).token }),
    answers: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  {
    method: 'POST',
    route: '/api/invitations/accept',
    params: async (world) => ({ token: (await world.fresh.invitation()).token }),
    body: (_world, _caller, params) => ({
      token: params.token,
      username: `matrix_${randomBytes(4).toString('hex')}`,
      password: 'secret123',
      confirmPassword: 'secret123',
    }),
    access: 'person',
    answers: [201, 201, 201, 201, 201, 201, 201, 201],
  },
  {
    method: 'GET',
    route: '/api/admin/organizations/:id/members',
    params: (world) => ({ id: world.userIdOf('school') }),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'DELETE',
    route: '/api/admin/organizations/:id/members/:memberId',
    params: async (world) => ({ id: world.userIdOf('school'), memberId: await world.fresh.schoolMember() }),
    answers: [401, 403, 403, 403, 403, 403, 403, 200],
  },
  {
    method: 'POST',
    route: '/api/admin/organizations/:id/owner',
    variant: 'the owner again: refused, so nothing changes',
    params: (world) => ({ id: world.userIdOf('school') }),
    body: (world) => ({ memberId: world.memberIdOf('school') }),
    answers: [401, 403, 403, 403, 403, 403, 403, 409],
  },

  // The journal: an organisation's owners and viewers read theirs; coordinators do the work, not the audit.
  {
    method: 'GET',
    route: '/api/organisation/journal',
    memberAnswers: { schoolCoordinator: 403, foundationCoordinator: 403 },
    answers: [401, 200, 200, 200, 200, 200, 200, 403],
  },
  { method: 'GET', route: '/api/admin/journal', answers: [401, 403, 403, 403, 403, 403, 403, 200] },
  // Its exports (CSV, XLSX) answer as the list does.
  ...exportFormats.flatMap((format): MatrixRow[] => [
    {
      method: 'GET',
      route: `/api/organisation/journal/export.${format}`,
      memberAnswers: { schoolCoordinator: 403, foundationCoordinator: 403 },
      answers: [401, 200, 200, 200, 200, 200, 200, 403],
    },
    {
      method: 'GET',
      route: `/api/admin/journal/export.${format}`,
      answers: [401, 403, 403, 403, 403, 403, 403, 200],
    },
  ]),
];
