import { z } from 'zod';
import { optionalText, tooLong } from './text';

export const moderationMessages = {
  decision: 'Выберите решение',
  commentRequired: 'Для отклонения или запроса изменений необходимо указать комментарий',
  organisationId: 'Некорректный номер организации',
  notFound: 'Организация не найдена',
  done: 'Модерация выполнена',
  tooLong,
  incompleteProfile: (missing: readonly string[]) =>
    `Нельзя одобрить: в профиле не заполнены: ${missing.join(', ')}`,
} as const;

/** How the approval refusal names each required profile field (docs/spec/decisions.md). */
export const profileFieldNames = {
  name: 'название',
  description: 'описание',
  address: 'адрес',
  phone: 'телефон',
  email: 'электронная почта',
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
