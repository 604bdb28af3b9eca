import type { OrganisationType } from '../../../shared/admin';
import type { ModerationStatus } from '../../../shared/roles';

/** Russian text of the administrator's moderation tab (working-areas.md sections 2 and 5). */
export const moderationTexts = {
  title: 'Модерация организаций',
  statusFilter: 'Статус модерации',
  typeFilter: 'Тип организации',
  all: 'Все',
  types: { foundation: 'Фонд', school: 'Школа' } satisfies Record<OrganisationType, string>,
  typeFilterLabels: { all: 'Все', foundation: 'Фонды', school: 'Школы' } as const,
  username: 'Имя пользователя',
  email: 'Email',
  phone: 'Телефон',
  address: 'Адрес',
  comment: 'Комментарий модератора',
  decide: 'Решение',
  decideLabel: (name: string) => `Решение: ${name}`,
  dialogTitle: 'Решение по организации',
  decisionLegend: 'Решение',
  decisions: {
    approved: 'Одобрить',
    rejected: 'Отклонить',
    needs_changes: 'Запросить изменения',
  } satisfies Record<Exclude<ModerationStatus, 'pending'>, string>,
  commentLabel: 'Комментарий',
  commentHint: 'Обязателен при отклонении или запросе изменений',
  cancel: 'Отменить',
  save: 'Сохранить решение',
  saving: 'Сохранение...',
  failure: 'Ошибка',
  failureFallback: 'Не удалось выполнить модерацию',
  loadFailed: 'Не удалось загрузить организации',
  retry: 'Попробовать снова',
  empty: 'Организаций не найдено',
  shown: (count: number, total: number) => `Показано ${count} из ${total}`,
} as const;
