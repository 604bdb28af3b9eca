import { z } from 'zod';
import type { Role } from './roles';

/**
 * The kinds of e-mail an account can turn on or off in its dashboard, each with the roles it reaches.
 * Every kind is on by default: a coordinator who never opens the settings still hears of approvals and
 * reminders. Mail about the account itself (a password reset link) is not a kind and cannot be turned off.
 */
export const mailKinds = [
  'applications',
  'decisions',
  'eventChanges',
  'eventMessages',
  'reminders',
  'volunteerRequests',
  'moderation',
] as const;
export type MailKind = (typeof mailKinds)[number];

/** Mail that is always sent, to the address the account gave: password reset links. */
export const accountMailKind = 'account';
export type OutboxKind = MailKind | typeof accountMailKind;

export const mailKindTexts: Record<MailKind, { label: string; hint: string; roles: readonly Role[] }> = {
  applications: {
    label: 'Новые заявки школ',
    hint: 'Школа подала, изменила или отменила заявку на ваше мероприятие',
    roles: ['foundation'],
  },
  decisions: {
    label: 'Решения по заявкам',
    hint: 'Заявку одобрили, одобрили частично, отклонили, перевели из листа ожидания, или фонд исправил посещаемость',
    roles: ['school'],
  },
  eventChanges: {
    label: 'Изменения мероприятий',
    hint: 'У мероприятия, на которое вы подали заявку, изменились дата, время или место, или оно отменено',
    roles: ['school'],
  },
  eventMessages: {
    label: 'Сообщения фондов',
    hint: 'Фонд написал всем школам, записанным на мероприятие',
    roles: ['school'],
  },
  reminders: {
    label: 'Напоминания накануне',
    hint: 'За день до мероприятия: адрес, время и контакт',
    roles: ['foundation', 'school'],
  },
  volunteerRequests: {
    label: 'Запросы волонтёров',
    hint: 'Отклики школ на ваши запросы и решения фондов по откликам',
    roles: ['foundation', 'school'],
  },
  moderation: {
    label: 'Модерация профиля',
    hint: 'Решение администратора о вашей организации',
    roles: ['foundation', 'school'],
  },
};

/** The kinds that reach an account of this role, in the order the settings list them. */
export const mailKindsFor = (role: Role): MailKind[] =>
  mailKinds.filter((kind) => mailKindTexts[kind].roles.includes(role));

export const notificationSettingsSchema = z
  .object({
    /** Where the mail goes: the organisation's e-mail from its profile; null when it gave none. */
    email: z.string().nullable(),
    /** Every kind that reaches the account, with whether it is on. */
    kinds: z.array(z.object({ kind: z.enum(mailKinds), enabled: z.boolean() })),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsInputSchema = z
  .object({
    kinds: z
      .array(z.object({ kind: z.enum(mailKinds), enabled: z.boolean() }))
      .min(1, 'Укажите, какие письма включить или выключить')
      .max(mailKinds.length),
  })
  // Not 'NotificationSettingsInput': the generator names the input twin of NotificationSettings so.
  .meta({ id: 'NotificationSettingsUpdate' });
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

/** What a one-click unsubscribe link turned off (or, undone, back on): the kind and its Russian name. */
export const unsubscribeAnswerSchema = z
  .object({ kind: z.enum(mailKinds), label: z.string() })
  .meta({ id: 'UnsubscribeAnswer' });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

export const notificationSettingsMessages = {
  /** A kind of mail the account's role never gets, sent in the settings. */
  kindNotForRole: (kind: MailKind) => `Письма «${mailKindTexts[kind].label}» не приходят вашей организации`,
  repeatedKind: (kind: MailKind) => `Письма «${mailKindTexts[kind].label}» указаны дважды`,
  /** A link that is not one the site made: cut short by a mail program, mistyped or forged. */
  invalidUnsubscribeLink:
    'Ссылка для отписки недействительна. Откройте её из письма целиком или настройте письма в личном кабинете',
} as const;
