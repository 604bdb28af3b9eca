import { describe, expect, it } from 'vitest';
import { applicationMessages } from './applications';
import { volunteerRequestMessages } from './volunteer-requests';

describe('phrases where a number comes before its noun', () => {
  it.each([
    [1, 'Максимум 1 участник (доступно мест)'],
    [2, 'Максимум 2 участника (доступно мест)'],
    [5, 'Максимум 5 участников (доступно мест)'],
    [21, 'Максимум 21 участник (доступно мест)'],
  ])('the application form says %i places as «%s»', (count, text) => {
    expect(applicationMessages.participantsMax(count)).toBe(text);
  });

  it.each([
    [1, '1 волонтёр'],
    [3, '3 волонтёра'],
    [11, '11 волонтёров'],
  ])('the foundation is told of a response with %i volunteers as «…%s»', (count, words) => {
    expect(volunteerRequestMessages.respondedNotice('Лицей № 1', 'Посадка деревьев', count)).toBe(
      `Лицей № 1: отклик на заявку «Посадка деревьев», ${words}`,
    );
  });

  it('does not repeat the toast title «Заявка подана!» in the answer to an application', () => {
    expect(applicationMessages.submitted).toBe('Ожидайте одобрения от фонда');
  });
});
