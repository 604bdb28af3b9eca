import { describe, expect, it } from 'vitest';
import { initialsOf, placeholderTone } from './placeholder';

describe('initialsOf', () => {
  it('takes the quoted name and skips the kind of organisation', () => {
    expect(initialsOf('Благотворительный фонд «Добрые руки»')).toBe('ДР');
    expect(initialsOf('Фонд помощи бездомным животным «Лапа помощи»')).toBe('ЛП');
    expect(initialsOf('Фонд «Знание — детям»')).toBe('ЗД');
    expect(initialsOf('Фонд «Наследие»')).toBe('Н');
  });

  it('uses the words themselves when nothing is quoted', () => {
    expect(initialsOf('Благотворительный фонд добрые сердца')).toBe('ДС');
    expect(initialsOf('фонд')).toBe('Ф');
    expect(initialsOf('«»')).toBe('');
  });
});

describe('placeholderTone', () => {
  it('gives a title the same tone every time', () => {
    expect(placeholderTone('Субботник в парке')).toBe(placeholderTone('Субботник в парке'));
  });
});
