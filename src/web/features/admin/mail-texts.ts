import { mailKinds, mailKindTexts } from '../../../shared/notification-settings';
import { countOf } from '../../../shared/plural';

const letters = { one: 'письмо', few: 'письма', many: 'писем' } as const;

/** Russian text of the administrator's «Почта» tab: the outbox and the letters that failed. */
export const mailTabTexts = {
  heading: 'Почта',
  loadFailed: 'Не удалось загрузить состояние почты',
  queued: (count: number) => (count === 0 ? 'Очередь пуста' : `В очереди: ${countOf(count, letters)}`),
  sentLastDay: (count: number) => `Отправлено за сутки: ${countOf(count, letters)}`,
  failedHeading: 'Не доставлены',
  failedHint:
    'Почтовый сервер не принял эти письма за сутки попыток. Проверьте адрес получателя и настройки SMTP_URL, затем отправьте снова.',
  noneFailed: 'Все письма доставлены',
  to: 'Кому',
  subject: 'Тема',
  kind: 'Вид',
  attempts: (count: number) => `Попыток: ${count}`,
  lastError: 'Ошибка сервера',
  failedAt: 'Последняя попытка',
  retry: 'Отправить снова',
  retried: 'Письмо снова в очереди',
  retryFailed: 'Не удалось вернуть письмо в очередь',
  kindLabel: (kind: string) =>
    (mailKinds as readonly string[]).includes(kind)
      ? mailKindTexts[kind as (typeof mailKinds)[number]].label
      : 'Письмо об аккаунте',
} as const;
