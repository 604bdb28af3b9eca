import { z } from 'zod';
import { optionalText } from './text';

export const moderationMessages = {
  decision: 'Выберите решение',
  commentRequired: 'Для отклонения или запроса изменений необходимо указать комментарий',
  organisationId: 'Некорректный номер организации',
  notFound: 'Организация не найдена',
  done: 'Модерация выполнена',
  tooLong: (max: number) => `Не более ${max} символов`,
} as const;

/** The administrator's decision on an organisation (working-areas.md section 5, admin moderation). */
export const moderationDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected', 'needs_changes'], { error: moderationMessages.decision }),
    comment: optionalText(2000, moderationMessages.tooLong(2000)),
  })
  .refine((decision) => decision.status === 'approved' || decision.comment !== null, {
    message: moderationMessages.commentRequired,
    path: ['comment'],
  });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;
