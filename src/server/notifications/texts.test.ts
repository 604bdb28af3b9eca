import { describe, expect, it } from 'vitest';
import { notificationTexts as texts } from './texts';

describe('notification texts', () => {
  it('name an organisation saved without a name «без названия»', () => {
    expect(texts.schoolDeletedByAdministrator(null, 'Субботник')).toBe(
      'Школа «без названия» удалена администратором, её заявка на «Субботник» снята',
    );
    expect(texts.foundationDeletedByAdministrator(null, 'Субботник')).toBe(
      'Фонд «без названия» удалён администратором: мероприятие «Субботник» отменено, заявка снята',
    );
    expect(texts.responseReceived(null, 'Помощь приюту', 3)).toBe(
      'Школа «без названия» откликнулась на заявку «Помощь приюту»: 3 волонтёра',
    );
    expect(texts.database.unnamed).toBe('без названия');
  });

  it('add a reason, a note or a comment only when one was given', () => {
    expect(texts.applicationRejected('Субботник', null)).toBe('Заявка на «Субботник» отклонена');
    expect(texts.applicationRejected('Субботник', 'Нет мест')).toBe(
      'Заявка на «Субботник» отклонена. Причина: Нет мест',
    );
    expect(texts.responseProcessed('Помощь приюту', 'accepted', null)).toBe(
      'Отклик на заявку «Помощь приюту» принят',
    );
    expect(texts.responseProcessed('Помощь приюту', 'rejected', 'Уже набрали')).toBe(
      'Отклик на заявку «Помощь приюту» отклонён. Комментарий фонда: Уже набрали',
    );
    expect(texts.moderation('approved', null)).toBe('Модерация: Одобрен модератором');
    expect(texts.moderation('needs_changes', 'Добавьте описание')).toBe(
      'Модерация: Требует доработки. Комментарий: Добавьте описание',
    );
  });

  it('give the database format() templates with the school, the event and the group', () => {
    expect(texts.database.applicationReceived).toContain('%1$s');
    expect(texts.database.applicationReceived).toContain('%3$s');
    expect(texts.database.applicationCancelled).toContain('%2$s');
  });
});
