import { z } from 'zod';
import { pupilForms } from './application-words';
import { attendanceCorrectionDays } from './attendance-correction-words';
import { formatDateRu } from './dates';
import { attendanceEntrySchema, completionMessages } from './event-form';
import { countOf, pluralForm } from './plural';

/**
 * Correcting who came after an event was completed (issue 51, item 9): the foundation may change how many
 * pupils of each completed application came for a while after completing it; hours, codes and the
 * certificates read from them follow.
 */

export { attendanceCorrectionDays, attendanceCorrectionLastDay } from './attendance-correction-words';

const hourForms = { one: 'волонтёрский час', few: 'волонтёрских часа', many: 'волонтёрских часов' };
const codeForms = { one: 'код', few: 'кода', many: 'кодов' };

export const attendanceCorrectionMessages = {
  notCompleted: 'Исправить посещаемость можно только у завершённого мероприятия',
  deadlinePassed: (lastDay: string) =>
    `Срок исправления посещаемости прошёл: исправить можно было до ${formatDateRu(lastDay)} включительно, в течение ${attendanceCorrectionDays} дней после завершения`,
  attendanceRequired: 'Укажите, сколько учеников пришло',
  foreignApplication: (applicationId: number) =>
    `Заявка ${applicationId} не относится к этому мероприятию или не была одобрена к его завершению`,
  attendedOverApproved: completionMessages.attendedOverApproved,
  duplicate: completionMessages.duplicate,
  unchanged: 'Посещаемость не изменилась',
  corrected: (hours: number) =>
    `Посещаемость исправлена. Начислено за мероприятие: ${countOf(hours, hourForms)}`,
} as const;

/** PUT /api/events/{id}/attendance: how many pupils of each completed application came, as corrected. */
export const attendanceCorrectionSchema = z
  .object({
    attendance: z
      .array(attendanceEntrySchema, { error: attendanceCorrectionMessages.attendanceRequired })
      .min(1, attendanceCorrectionMessages.attendanceRequired)
      .max(1000, completionMessages.attended)
      .describe('Pupils who came per completed application; an application left out keeps its attendance'),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<number>();
    for (const entry of input.attendance) {
      if (seen.has(entry.applicationId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['attendance'],
          message: attendanceCorrectionMessages.duplicate(entry.applicationId),
        });
        return;
      }
      seen.add(entry.applicationId);
    }
  });
export type AttendanceCorrection = z.infer<typeof attendanceCorrectionSchema>;

/**
 * What the school reads when its attendance is corrected: «Фонд исправил посещаемость мероприятия «…»:
 * пришли 3 из 5 (было 5), начислено 9 волонтёрских часов. Отозвано 2 кода учеников, выданные детям, кто не
 * пришёл, больше не действуют». Written here so the notice and the letter say the same.
 */
export function attendanceCorrectedText(
  event: string,
  change: { before: number; after: number; approved: number; hours: number; revoked: number; issued: number },
): string {
  const came =
    change.after === 0
      ? 'ученики не пришли, часы не начислены'
      : `${pluralForm(change.after, { one: 'пришёл', few: 'пришли', many: 'пришли' })} ${change.after} из ${countOf(change.approved, pupilForms)} (было ${change.before}), ${pluralForm(change.hours, { one: 'начислен', few: 'начислено', many: 'начислено' })} ${countOf(change.hours, hourForms)}`;
  const codes = [
    change.revoked > 0
      ? `${pluralForm(change.revoked, { one: 'Отозван', few: 'Отозваны', many: 'Отозваны' })} ${countOf(change.revoked, codeForms)} учеников: они больше не действуют`
      : '',
    change.issued > 0
      ? `${pluralForm(change.issued, { one: 'Выдан', few: 'Выданы', many: 'Выданы' })} ${countOf(change.issued, { one: 'новый код', few: 'новых кода', many: 'новых кодов' })} учеников — раздайте их пришедшим`
      : '',
  ].filter(Boolean);
  return [
    `Фонд исправил посещаемость мероприятия «${event}»: ${came}.`,
    ...codes.map((line) => `${line}.`),
  ].join(' ');
}
