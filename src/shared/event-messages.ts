import { z } from 'zod';
import { schoolForms } from './application-words';
import { countOf, pluralForm } from './plural';
import { visibleText } from './text';

/**
 * A foundation's messages to the schools of one of its events (issue 26): the meeting point moved, bring
 * gloves. Every school with a pending or approved application gets it in-app and by e-mail, and each
 * school whose application is live or took part reads the history on the event's page.
 */

export const eventMessageLength = { max: 2000 } as const;

/**
 * How many messages may go, whatever the address they come from: a foundation's few news of a day
 * reach the schools, a stream of them does not (120 messages in 15 s once gave 242 letters). Windows
 * are rolling: the hour or day before the moment of sending.
 */
export const eventMessageLimits = {
  /** Messages of one foundation, about all its events, in an hour. */
  perFoundationHour: 5,
  /** Messages about one event in 24 hours: each is a letter in every applied school's mailbox. */
  perEventDay: 10,
} as const;

const messageForms = { one: 'сообщения', few: 'сообщений', many: 'сообщений' };
const sentForms = { one: 'сообщение', few: 'сообщения', many: 'сообщений' };
/** «в 14:35», or «завтра в 14:35» when the moment falls on the next day in the app's time zone. */
const whenText = (next: { time: string; tomorrow: boolean }) =>
  `${next.tomorrow ? 'завтра ' : ''}в ${next.time}`;

/**
 * The applications whose school reads the organiser's messages: one still in play, or one that took part
 * (an approved application becomes completed with its event). A rejected school has no business there.
 */
const messageReaderStatuses: readonly string[] = ['pending', 'waitlisted', 'approved', 'completed'];
export const readsEventMessages = (applicationStatus: string | null | undefined) =>
  applicationStatus != null && messageReaderStatuses.includes(applicationStatus);

export const eventMessageTexts = {
  textRequired: 'Напишите текст сообщения',
  textTooLong: `Сообщение должно быть не длиннее ${eventMessageLength.max} символов`,
  completed: 'Мероприятие завершено: сообщения школам больше не отправляются',
  nobodyToTell: 'Сообщение некому отправить: на мероприятие нет заявок на рассмотрении или одобренных',
  noApplication: 'Сообщения организатора видны школам, подавшим заявку на это мероприятие',
  /** «…не больше 5 сообщений в час. Следующее сообщение можно отправить в 14:35». */
  foundationLimit: (next: { time: string; tomorrow: boolean }) =>
    `Фонд может отправить школам не больше ${countOf(eventMessageLimits.perFoundationHour, messageForms)} в час. Следующее сообщение можно отправить ${whenText(next)}`,
  /** «Об этом мероприятии уже отправлено 10 сообщений за сутки. Следующее … завтра в 12:00». */
  eventLimit: (next: { time: string; tomorrow: boolean }) =>
    `Об этом мероприятии уже отправлено ${countOf(eventMessageLimits.perEventDay, sentForms)} за сутки. Следующее сообщение о нём можно отправить ${whenText(next)}`,
  applicationNotLive:
    'Заявка отклонена: сообщения организатора видны школам, чья заявка на рассмотрении, в листе ожидания или одобрена',
  /** «Сообщение отправлено 3 школам». */
  sent: (schools: number) =>
    `Сообщение отправлено ${schools} ${pluralForm(schools, { one: 'школе', few: 'школам', many: 'школам' })}`,
  /** «Получат 3 школы с заявками на рассмотрении или одобренными». */
  reach: (schools: number) =>
    schools === 0
      ? 'Пока некому писать: нет заявок на рассмотрении или одобренных'
      : `Получат ${countOf(schools, schoolForms)} с заявками на рассмотрении или одобренными`,
  formTitle: 'Написать школам',
  textLabel: 'Текст сообщения',
  textHint: 'Школы получат его в уведомлениях и по электронной почте',
  send: 'Отправить',
  sending: 'Отправляю…',
  sendFailed: 'Не удалось отправить сообщение',
  historyTitle: 'Отправленные сообщения',
  noMessages: 'Сообщений пока не было',
  schoolTitle: 'Сообщения организатора',
  loadFailed: 'Не удалось загрузить сообщения',
} as const;

export const eventMessageInputSchema = z
  .object({
    text: visibleText(eventMessageTexts.textRequired)
      .min(1, eventMessageTexts.textRequired)
      .max(eventMessageLength.max, eventMessageTexts.textTooLong),
  })
  .meta({ id: 'EventMessageDraft' });
export type EventMessageInput = z.infer<typeof eventMessageInputSchema>;

export const eventMessageSchema = z
  .object({
    id: z.number().int(),
    text: z.string(),
    /** When it was sent (ISO 8601). */
    createdAt: z.string(),
  })
  .meta({ id: 'EventMessage' });
export type EventMessage = z.infer<typeof eventMessageSchema>;

/** What the foundation's event page shows: whom a new message reaches and what was sent, newest first. */
export const foundationEventMessagesSchema = z
  .object({
    /** Schools with a pending or approved application: the recipients of a message sent now. */
    recipients: z.number().int(),
    messages: z.array(eventMessageSchema),
  })
  .meta({ id: 'FoundationEventMessages' });
export type FoundationEventMessages = z.infer<typeof foundationEventMessagesSchema>;

export const sentEventMessageSchema = z
  .object({
    /** «Сообщение отправлено 3 школам». */
    message: z.string(),
    sent: eventMessageSchema,
    recipients: z.number().int(),
  })
  .meta({ id: 'SentEventMessage' });
export type SentEventMessage = z.infer<typeof sentEventMessageSchema>;
