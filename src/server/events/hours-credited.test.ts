import { describe, expect, it } from 'vitest';
import { manageMessages } from './manage';

describe('the notice of credited hours', () => {
  it.each([
    [1, 'начислен 1 волонтёрский час'],
    [3, 'начислено 3 волонтёрских часа'],
    [32, 'начислено 32 волонтёрских часа'],
    [12, 'начислено 12 волонтёрских часов'],
  ])('reads %i hours in the right plural form', (hours, words) => {
    expect(manageMessages.hoursCredited('Субботник', hours)).toBe(
      `Мероприятие «Субботник» завершено: ${words}`,
    );
  });
});
