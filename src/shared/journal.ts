import { z } from 'zod';
import { pageQuery, paginationSchema } from './pagination';
import { periodQuerySchema } from './school-year';

/**
 * The journal of who did what (issue 53, item 4): the kinds of entry, their Russian names, and the
 * answers of the journal's lists. Entries are written by the services in the transaction of their change
 * (src/server/journal/service.ts) and never changed afterwards.
 */

/** Every kind of entry, by what it records, with the words a person reads. */
export const journalKindLabels = {
  'application.submitted': 'Заявка подана',
  'application.count_changed': 'Изменено число участников заявки',
  'application.approved': 'Заявка одобрена',
  'application.rejected': 'Заявка отклонена',
  'application.waitlisted': 'Заявка в листе ожидания',
  'application.promoted': 'Заявка переведена из листа ожидания',
  'application.cancelled': 'Заявка отменена',
  'event.completed': 'Мероприятие завершено, часы начислены',
  'application.attendance_corrected': 'Исправлена посещаемость',
  'archive.withdrawn': 'Запись снята из архива',
  'certificate.issued': 'Выдана справка',
  'code.reissued': 'Код ученика выпущен заново',
  'event.created': 'Мероприятие создано',
  'event.changed': 'Изменены дата или место мероприятия',
  'event.cancelled': 'Мероприятие отменено',
  'event.deleted': 'Мероприятие удалено',
  'profile.changed': 'Изменён профиль организации',
  'team.member_invited': 'Отправлено приглашение в команду',
  'team.invitation_revoked': 'Приглашение отозвано',
  'team.member_joined': 'Новый участник команды',
  'team.role_changed': 'Изменена роль участника',
  'team.member_removed': 'Участник удалён из команды',
  'team.member_left': 'Участник вышел из команды',
  'team.ownership_transferred': 'Переданы права владельца',
} as const;
export type JournalKind = keyof typeof journalKindLabels;
export const journalKinds = Object.keys(journalKindLabels) as [JournalKind, ...JournalKind[]];

/** The groups the journal's filter offers, by what a coordinator looks for. */
export const journalKindGroups = {
  application: 'Заявки и часы',
  event: 'Мероприятия',
  team: 'Команда',
  profile: 'Профиль',
} as const;
export type JournalKindGroup = keyof typeof journalKindGroups;

/** Which group an entry is filed under: hours go with applications, whatever the kind's first word. */
export function journalGroupOf(kind: JournalKind): JournalKindGroup {
  if (kind === 'event.completed' || !kind.startsWith('event.')) {
    const [first] = kind.split('.');
    return first === 'team' || first === 'profile' ? first : 'application';
  }
  return 'event';
}

export const journalKindsOf = (group: JournalKindGroup): JournalKind[] =>
  journalKinds.filter((kind) => journalGroupOf(kind) === group);

export const journalMessages = {
  kind: 'Выберите, какие записи показать',
  onlyOwnersAndViewers: 'Журнал доступен владельцу и наблюдателям организации',
} as const;

/** `?from&to&kind&page&limit`: all optional; from and to are days (YYYY-MM-DD), both or neither. */
export const journalQuerySchema = z
  .object({
    from: periodQuerySchema.shape.from.optional(),
    to: periodQuerySchema.shape.to.optional(),
    kind: z
      .enum(Object.keys(journalKindGroups) as [JournalKindGroup, ...JournalKindGroup[]], {
        error: journalMessages.kind,
      })
      .optional(),
    ...pageQuery,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'Дата начала периода не может быть позже даты окончания',
    path: ['to'],
  });
export type JournalQuery = z.infer<typeof journalQuerySchema>;

export const journalEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    kind: z.enum(journalKinds),
    /**
     * Who did it: their name when they are of the reader's own organisation (or the reader is the
     * administrator); of the other side, their organisation and role only. Null for the platform itself.
     */
    actor: z
      .object({
        name: z.string().nullable(),
        role: z.string().nullable(),
        organisationName: z.string().nullable(),
      })
      .nullable(),
    eventId: z.number().int().nullable(),
    eventTitle: z.string().nullable(),
    applicationId: z.number().int().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'JournalEntry' });
export type JournalEntryAnswer = z.infer<typeof journalEntrySchema>;

export const journalPageSchema = z
  .object({ entries: z.array(journalEntrySchema), pagination: paginationSchema })
  .meta({ id: 'JournalPage' });
export type JournalPage = z.infer<typeof journalPageSchema>;
