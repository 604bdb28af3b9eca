import { pupilForms } from '../../shared/application-words';
import type { SchoolResponseStatus } from '../../shared/catalog';
import { formatDateRu } from '../../shared/dates';
import { countOf } from '../../shared/plural';
import type { ModerationStatus } from '../../shared/roles';
import { schoolResponseStatusLabels } from '../../shared/volunteer-requests';
import type { MailMessage } from '../mail/outbox';
import { notificationTexts } from './texts';

/**
 * Every e-mail the server writes when something changes for a school or a foundation, in one place.
 * A letter says what the in-app notice says (texts.ts), then what to do about it, the facts a reader
 * needs without opening the site (day, time, place, who) and a button to the page where it is done.
 */

const unnamed = notificationTexts.database.unnamed;
const nameOf = (name: string | null) => name ?? unnamed;

/** What a letter tells of an event; times as the database gives them ('10:00:00') or as typed ('10:00'). */
export interface EventFacts {
  id: number;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  address: string | null;
  foundationName: string | null;
}

const hhmm = (time: string) => time.slice(0, 5);
export const timeRange = (startTime: string, endTime: string) => `${hhmm(startTime)}–${hhmm(endTime)}`;
/** The address when it says more than the place's name, which the form copies into it when left empty. */
const addressOf = (event: Pick<EventFacts, 'location' | 'address'>) =>
  event.address && event.address !== event.location ? event.address : null;

function eventDetails(event: EventFacts): NonNullable<MailMessage['details']> {
  const address = addressOf(event);
  return [
    { label: 'Мероприятие', value: event.title },
    { label: 'Дата', value: formatDateRu(event.date) },
    { label: 'Время', value: timeRange(event.startTime, event.endTime) },
    { label: 'Место', value: event.location },
    ...(address ? [{ label: 'Адрес', value: address }] : []),
  ];
}

/** A notice as a sentence of a letter: its full stop, unless a comment quoted at its end has one. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** What a letter tells of a foundation's request for volunteers. */
export interface RequestFacts {
  id: number;
  title: string;
  eventDate: string;
  eventTime: string;
  location: string;
  address: string | null;
}

function requestDetails(request: RequestFacts): NonNullable<MailMessage['details']> {
  const address = addressOf(request);
  return [
    { label: 'Запрос', value: request.title },
    { label: 'Дата', value: formatDateRu(request.eventDate) },
    { label: 'Время', value: hhmm(request.eventTime) },
    { label: 'Место', value: request.location },
    ...(address ? [{ label: 'Адрес', value: address }] : []),
  ];
}

const pupils = (count: number) => countOf(count, pupilForms);
const eventPage = (event: EventFacts) => `/events/${event.id}`;

const toFoundationApplications = { label: 'Открыть заявки', path: '/foundation-applications' };
const toSchoolApplications = { label: 'Открыть мои заявки', path: '/school-applications' };

/** The event's date, time, place or address as they were and as they are, for `eventChanged`. */
export type EventChange = { field: 'date' | 'time' | 'location' | 'address'; before: string; after: string };

const changeLabels: Record<EventChange['field'], string> = {
  date: 'Дата',
  time: 'Время',
  location: 'Место',
  address: 'Адрес',
};

/** What changed in an event, told the same way in the letter and in the in-app notice. */
export function describeChanges(
  before: Pick<EventFacts, 'date' | 'startTime' | 'endTime' | 'location' | 'address'>,
  after: Pick<EventFacts, 'date' | 'startTime' | 'endTime' | 'location' | 'address'>,
): EventChange[] {
  const changes: EventChange[] = [];
  if (before.date !== after.date) {
    changes.push({ field: 'date', before: formatDateRu(before.date), after: formatDateRu(after.date) });
  }
  const timeBefore = timeRange(before.startTime, before.endTime);
  const timeAfter = timeRange(after.startTime, after.endTime);
  if (timeBefore !== timeAfter) changes.push({ field: 'time', before: timeBefore, after: timeAfter });
  if (before.location !== after.location) {
    changes.push({ field: 'location', before: before.location, after: after.location });
  }
  const addressBefore = before.address ?? before.location;
  const addressAfter = after.address ?? after.location;
  // A new place with its address copied from it is said once, as the place.
  if (addressBefore !== addressAfter && addressAfter !== after.location) {
    changes.push({ field: 'address', before: addressBefore, after: addressAfter });
  }
  return changes;
}

/** «дата — 14 марта 2026 г., время — 11:00–14:00»: the in-app notice's list of what is now. */
export const changesNow = (changes: EventChange[]) =>
  changes.map((change) => `${changeLabels[change.field].toLowerCase()} — ${change.after}`).join(', ');

export const letters = {
  // To the foundation, about a school's application (kind `applications`).
  applicationReceived: (event: EventFacts, school: string | null, participantCount: number): MailMessage => ({
    subject: `Новая заявка на «${event.title}»`,
    paragraphs: [
      `${notificationTexts.schoolNamed(school)}: новая заявка на «${event.title}», ${pupils(participantCount)}.`,
      'Рассмотрите её: одобрите целиком или частично либо отклоните. Пока заявка ждёт решения, места за школой сохраняются.',
    ],
    details: [{ label: 'Школа', value: nameOf(school) }, ...eventDetails(event)],
    action: toFoundationApplications,
  }),
  applicationPromoted: (event: EventFacts, school: string | null, participantCount: number): MailMessage => ({
    subject: `Заявка из листа ожидания на «${event.title}»`,
    paragraphs: [
      `Освободились места на «${event.title}»: заявка из листа ожидания (${notificationTexts.schoolNamed(school)}, ${pupils(participantCount)}) перешла к вам.`,
      'Теперь она ждёт вашего решения, как новая заявка: одобрите её целиком или частично либо отклоните.',
    ],
    details: [{ label: 'Школа', value: nameOf(school) }, ...eventDetails(event)],
    action: toFoundationApplications,
  }),
  participantCountChanged: (
    event: EventFacts,
    school: string | null,
    before: number,
    after: number,
  ): MailMessage => ({
    subject: `Школа изменила заявку на «${event.title}»`,
    paragraphs: [
      sentence(notificationTexts.participantCountChanged(school, event.title, before, after)),
      after < before
        ? 'Освободившиеся места снова открыты для других школ.'
        : 'Проверьте, хватит ли вам сопровождающих и материалов.',
    ],
    details: [{ label: 'Школа', value: nameOf(school) }, ...eventDetails(event)],
    action: toFoundationApplications,
  }),
  applicationCancelled: (
    event: EventFacts,
    school: string | null,
    participantCount: number,
  ): MailMessage => ({
    subject: `Школа отменила заявку на «${event.title}»`,
    paragraphs: [
      `${notificationTexts.schoolNamed(school)}: заявка на «${event.title}» отменена, ${pupils(participantCount)} не придут.`,
      'Их места снова открыты для других школ; о заявках, которые перейдут на них из листа ожидания, мы напишем отдельно.',
    ],
    details: [{ label: 'Школа', value: nameOf(school) }, ...eventDetails(event)],
    action: toFoundationApplications,
  }),

  // To the school, about its application (kind `decisions`).
  applicationApproved: (event: EventFacts, approved: number, requested: number): MailMessage => {
    const inPart = approved < requested;
    return {
      subject: inPart
        ? `Заявка на «${event.title}» одобрена частично`
        : `Заявка на «${event.title}» одобрена`,
      paragraphs: [
        sentence(
          inPart
            ? notificationTexts.applicationApprovedInPart(event.title, approved, requested)
            : notificationTexts.applicationApproved(event.title),
        ),
        'Накануне мы напомним о мероприятии. Если планы изменятся, отмените заявку на сайте, чтобы места достались другим.',
      ],
      details: [
        { label: 'Фонд', value: nameOf(event.foundationName) },
        ...eventDetails(event),
        { label: 'Учеников', value: String(approved) },
      ],
      action: { label: 'Открыть одобренные заявки', path: '/school-approved-applications' },
    };
  },
  applicationRejected: (event: EventFacts, reason: string | null): MailMessage => ({
    subject: `Заявка на «${event.title}» отклонена`,
    paragraphs: [
      sentence(notificationTexts.applicationRejected(event.title, reason)),
      'Другие мероприятия фондов — в каталоге на сайте.',
    ],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: toSchoolApplications,
  }),
  waitlistPromoted: (event: EventFacts, participantCount: number): MailMessage => ({
    subject: `Заявка на «${event.title}» вышла из листа ожидания`,
    paragraphs: [
      `Освободились места на «${event.title}»: ваша заявка (${pupils(participantCount)}) передана фонду на рассмотрение.`,
      'Мы напишем, когда фонд примет решение.',
    ],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: toSchoolApplications,
  }),

  /**
   * A completed event's attendance corrected by the foundation (issue 51): `notice` is the in-app notice,
   * which says what came of it for the hours and the codes.
   */
  attendanceCorrected: (event: EventFacts, notice: string): MailMessage => ({
    subject: `Фонд исправил посещаемость мероприятия «${event.title}»`,
    paragraphs: [
      notice,
      'Часы в отчётах и новые справки уже считаются по исправленной посещаемости; действующие коды учеников — в разделе завершённых заявок.',
    ],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: { label: 'Открыть завершённые заявки', path: '/school-applications' },
  }),

  // To the schools with an application, about the event (kind `eventChanges`).
  eventChanged: (event: EventFacts, changes: EventChange[]): MailMessage => ({
    subject: `Изменения в мероприятии «${event.title}»`,
    paragraphs: [
      `Фонд изменил мероприятие «${event.title}», на которое у вас есть заявка.`,
      ...changes.map(
        (change) => `${changeLabels[change.field]}: было ${change.before}, стало ${change.after}.`,
      ),
      'Если новые условия вам не подходят, отмените заявку на сайте, чтобы места достались другим школам.',
    ],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: { label: 'Открыть мероприятие', path: eventPage(event) },
  }),
  eventCancelled: (event: EventFacts): MailMessage => ({
    subject: `Мероприятие «${event.title}» отменено`,
    paragraphs: [
      `${notificationTexts.eventCancelledByOrganiser(event.title)}. Приходить не нужно.`,
      'Другие мероприятия фондов — в каталоге на сайте.',
    ],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: toSchoolApplications,
  }),
  /** `notice` says who deleted it: the in-app notice of the organiser's or the administrator's deletion. */
  eventDeleted: (event: EventFacts, notice: string): MailMessage => ({
    subject: `Мероприятие «${event.title}» отменено`,
    paragraphs: [`${notice}. Приходить не нужно.`],
    details: [{ label: 'Фонд', value: nameOf(event.foundationName) }, ...eventDetails(event)],
    action: toSchoolApplications,
  }),

  // To either, about its profile (kind `moderation`).
  moderation: (status: ModerationStatus, comment: string | null | undefined): MailMessage => {
    const outcome: Record<ModerationStatus, { verdict: string; next: string }> = {
      approved: {
        verdict: 'одобрен',
        next: 'Организация видна на сайте и может пользоваться всеми его возможностями.',
      },
      needs_changes: {
        verdict: 'требует доработки',
        next: 'Исправьте профиль по комментарию модератора: после правки он снова попадёт на проверку.',
      },
      rejected: {
        verdict: 'отклонён',
        next: 'Если вы не согласны с решением, напишите администратору через контакты на сайте.',
      },
      pending: { verdict: 'ждёт проверки', next: 'Мы напишем, когда модератор примет решение.' },
    };
    return {
      subject: `Профиль организации ${outcome[status].verdict}`,
      paragraphs: [sentence(notificationTexts.moderation(status, comment)), outcome[status].next],
      action:
        status === 'needs_changes'
          ? { label: 'Исправить профиль', path: '/dashboard/edit-profile' }
          : { label: 'Открыть личный кабинет', path: '/dashboard' },
    };
  },

  // About a volunteer request (kind `volunteerRequests`): the response to the foundation, the decision to the school.
  responseReceived: (request: RequestFacts, school: string | null, volunteers: number): MailMessage => ({
    subject: `Отклик на запрос «${request.title}»`,
    paragraphs: [
      sentence(notificationTexts.responseReceived(school, request.title, volunteers)),
      'Примите отклик или отклоните его на странице запроса: школа получит ваше решение и комментарий.',
    ],
    details: [
      { label: 'Школа', value: nameOf(school) },
      { label: 'Волонтёров', value: String(volunteers) },
      ...requestDetails(request),
    ],
    action: { label: 'Открыть запрос', path: `/volunteer-requests/${request.id}` },
  }),
  responseProcessed: (
    request: RequestFacts,
    foundation: string | null,
    status: SchoolResponseStatus,
    note: string | null,
  ): MailMessage => ({
    subject: `Отклик на запрос «${request.title}» ${schoolResponseStatusLabels[status].toLowerCase()}`,
    paragraphs: [sentence(notificationTexts.responseProcessed(request.title, status, note))],
    details: [{ label: 'Фонд', value: nameOf(foundation) }, ...requestDetails(request)],
    action: { label: 'Открыть запрос', path: `/volunteer-requests/${request.id}` },
  }),
} as const;
