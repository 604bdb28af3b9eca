import { attendanceLabel, pupilForms } from '../../shared/application-words';
import type { SchoolResponseStatus } from '../../shared/catalog';
import { organisationInSentence } from '../../shared/organisation-names';
import { countOf, pluralForm } from '../../shared/plural';
import type { ModerationStatus } from '../../shared/roles';
import { moderationStatusLabels } from '../../shared/roles';
import { schoolResponseStatusLabels, volunteerRequestMessages } from '../../shared/volunteer-requests';

/**
 * Every text of a notification the server writes for a school or a foundation, in one place: what each
 * feature tells the other side when something it did changes their applications, events or profile.
 * An organisation saved without a name yet is named `unnamed`.
 */
const unnamed = 'без названия';
const nameOf = (name: string | null) => name ?? unnamed;
/**
 * A school or foundation as a sentence names it, once: «Школа «Берёзка»», «ГБОУ Школа № 1234», «Фонд
 * «Берег»». The sentences put it before a colon, so no verb has to agree with «лицей» or «гимназия».
 */
const schoolNamed = (name: string | null) => organisationInSentence('school', nameOf(name));
const foundationNamed = (name: string | null) => organisationInSentence('foundation', nameOf(name));

export const notificationTexts = {
  schoolNamed,
  foundationNamed,
  /**
   * format() templates the database functions fill in (src/server/db/functions): %1$s the school,
   * %2$s the event, %3$s the number of participants; `unnamed` is passed alongside for a school
   * without a name.
   */
  database: {
    applicationReceived: 'Новая заявка от школы «%1$s» на «%2$s»: %3$s участн.',
    applicationCancelled: 'Школа «%1$s» отменила заявку на «%2$s»',
    waitlistJoined: 'Школа «%1$s» встала в лист ожидания на «%2$s»: %3$s участн.',
    waitlistLeft: 'Школа «%1$s» покинула лист ожидания на «%2$s»',
    // A waitlisted application that now fits: the school learns it moved up, the foundation that it has
    // a new application to decide.
    waitlistPromoted:
      'Освободились места на «%2$s»: заявка из листа ожидания (%3$s участн.) передана фонду на рассмотрение',
    waitlistPromotedToFoundation: 'Заявка школы «%1$s» на «%2$s» перешла из листа ожидания: %3$s участн.',
    unnamed,
  },

  // To the school, about its application.
  applicationApproved: (event: string) =>
    `Заявка на «${event}» одобрена. Контакты фонда — в разделе одобренных заявок`,
  applicationApprovedInPart: (event: string, approved: number, requested: number) =>
    `Заявка на «${event}» одобрена частично: ${approved} из ${countOf(requested, pupilForms)}. Контакты фонда — в разделе одобренных заявок`,
  applicationRejected: (event: string, reason: string | null) =>
    reason ? `Заявка на «${event}» отклонена. Причина: ${reason}` : `Заявка на «${event}» отклонена`,
  applicationClosedOnCompletion: (event: string) =>
    `Заявка на мероприятие «${event}» закрыта: мероприятие завершено`,
  // «начислен 1 час», «начислено 3 часа»: the verb agrees with the count too.
  hoursCredited: (event: string, hours: number) =>
    `Мероприятие «${event}» завершено: ${pluralForm(hours, { one: 'начислен', few: 'начислено', many: 'начислено' })} ${countOf(hours, { one: 'волонтёрский час', few: 'волонтёрских часа', many: 'волонтёрских часов' })}`,
  /** Completion with the attendance marked: «…: начислено 24 волонтёрских часа, пришли 8 из 10». */
  hoursCreditedForAttendance: (event: string, hours: number, attended: number, approved: number) =>
    `${notificationTexts.hoursCredited(event, hours)}, ${attendanceLabel(attended, approved)}`,
  pupilsAbsent: (event: string) =>
    `Мероприятие «${event}» завершено: фонд отметил, что ученики не пришли, часы не начислены`,
  /** `now` lists what is new: «дата — 14 марта 2026 г., время — 11:00–14:00». */
  eventChanged: (event: string, now: string) => `Мероприятие «${event}» изменено: ${now}`,
  eventCancelledByOrganiser: (event: string) => `Мероприятие «${event}» отменено организатором`,
  eventDeletedByOrganiser: (event: string) => `Мероприятие «${event}» удалено организатором, заявка снята`,
  eventDeletedByAdministrator: (event: string) =>
    `Мероприятие «${event}» удалено администратором, заявка снята`,
  foundationDeletedByAdministrator: (foundation: string | null, event: string) =>
    `${foundationNamed(foundation)}: учётная запись удалена администратором, мероприятие «${event}» отменено, заявка снята`,
  applicationDeletedByAdministrator: (event: string) => `Заявка на «${event}» удалена администратором`,

  // To the foundation.
  participantCountChanged: (school: string | null, event: string, before: number, after: number) =>
    `${schoolNamed(school)}: заявка на «${event}» изменена, было ${before}, стало ${countOf(after, pupilForms)}`,
  ownEventDeletedByAdministrator: (event: string) => `Мероприятие «${event}» удалено администратором`,
  schoolDeletedByAdministrator: (school: string | null, event: string) =>
    `${schoolNamed(school)}: учётная запись удалена администратором, заявка на «${event}» снята`,
  responseReceived: (school: string | null, request: string, volunteers: number) =>
    volunteerRequestMessages.respondedNotice(schoolNamed(school), request, volunteers),
  responseEdited: (school: string | null, request: string, volunteers: number) =>
    volunteerRequestMessages.editedNotice(schoolNamed(school), request, volunteers),
  responseWithdrawn: (school: string | null, request: string) =>
    volunteerRequestMessages.withdrawnNotice(schoolNamed(school), request),

  // To the school, about its response to a volunteer request.
  responseProcessed: (request: string, status: SchoolResponseStatus, note: string | null) => {
    const verdict = schoolResponseStatusLabels[status].toLowerCase();
    return note
      ? `Отклик на заявку «${request}» ${verdict}. Комментарий фонда: ${note}`
      : `Отклик на заявку «${request}» ${verdict}`;
  },

  // To either, about the moderation of its profile.
  moderation: (status: ModerationStatus, comment: string | null | undefined) => {
    const label = moderationStatusLabels[status];
    return comment ? `Модерация: ${label}. Комментарий: ${comment}` : `Модерация: ${label}`;
  },
} as const;
