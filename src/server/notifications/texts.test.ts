import { describe, expect, it } from 'vitest';
import { notificationTexts as texts } from './texts';

describe('notification texts', () => {
  it('name an organisation saved without a name «без названия»', () => {
    expect(texts.schoolDeletedByAdministrator(null, 'Субботник')).toBe(
      'Школа «без названия»: учётная запись удалена администратором, заявка на «Субботник» снята',
    );
    expect(texts.foundationDeletedByAdministrator(null, 'Субботник')).toBe(
      'Фонд «без названия»: учётная запись удалена администратором, мероприятие «Субботник» отменено, заявка снята',
    );
    expect(texts.responseReceived(null, 'Помощь приюту', 3)).toBe(
      'Школа «без названия»: отклик на заявку «Помощь приюту», 3 волонтёра',
    );
    expect(texts.database.unnamed).toBe('без названия');
  });

  it('name an organisation once when its name already says what it is', () => {
    expect(texts.foundationDeletedByAdministrator('Фонд «Берег»', 'Субботник')).toBe(
      'Фонд «Берег»: учётная запись удалена администратором, мероприятие «Субботник» отменено, заявка снята',
    );
    expect(texts.participantCountChanged('ГБОУ Школа № 1234', 'Субботник', 4, 7)).toBe(
      'ГБОУ Школа № 1234: заявка на «Субботник» изменена, было 4, стало 7 учеников',
    );
    expect(texts.schoolDeletedByAdministrator('Лицей № 2', 'Субботник')).toBe(
      'Лицей № 2: учётная запись удалена администратором, заявка на «Субботник» снята',
    );
    expect(texts.responseReceived('Гимназия «Ступени»', 'Помощь приюту', 2)).toBe(
      'Гимназия «Ступени»: отклик на заявку «Помощь приюту», 2 волонтёра',
    );
    expect(texts.schoolDeletedByAdministrator('Берёзка', 'Субботник')).toBe(
      'Школа «Берёзка»: учётная запись удалена администратором, заявка на «Субботник» снята',
    );
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
