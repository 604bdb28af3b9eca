import { attendanceCorrectionDays } from '../../../shared/attendance-correction-words';
import { formatDateRu } from '../../../shared/dates';

/** Russian text of correcting who came after completion, on the foundation's event page (issue 51). */
export const attendanceCorrectionTexts = {
  title: 'Посещаемость',
  until: (lastDay: string) => `Исправить посещаемость можно до ${formatDateRu(lastDay)} включительно.`,
  closed: (lastDay: string) =>
    `Посещаемость больше нельзя исправить: это можно было сделать до ${formatDateRu(lastDay)} включительно, в течение ${attendanceCorrectionDays} дней после завершения.`,
  consequences:
    'Часы школ пересчитаются, коды не пришедших учеников будут отозваны, пришедшим добавятся новые коды; школы получат уведомление.',
  button: 'Исправить посещаемость',
  dialogTitle: 'Исправить посещаемость',
  save: 'Сохранить',
  saving: 'Сохранение…',
  cancel: 'Отменить',
  done: 'Посещаемость сохранена',
  failed: 'Не удалось исправить посещаемость',
} as const;
