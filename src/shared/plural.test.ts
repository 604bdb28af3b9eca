import { describe, expect, it } from 'vitest';
import { countOf, pluralForm } from './plural';

const hours = { one: 'час', few: 'часа', many: 'часов' };

describe('Russian plural forms', () => {
  it.each([
    [1, '1 час'],
    [21, '21 час'],
    [101, '101 час'],
    [2, '2 часа'],
    [4, '4 часа'],
    [32, '32 часа'],
    [0, '0 часов'],
    [5, '5 часов'],
    [11, '11 часов'],
    [12, '12 часов'],
    [14, '14 часов'],
    [111, '111 часов'],
    [1.5, '1,5 часа'],
  ])('%d reads «%s»', (count, text) => {
    expect(countOf(count, hours)).toBe(text);
  });

  it('groups thousands the Russian way', () => {
    expect(countOf(12_345, hours)).toBe('12\u00a0345 часов');
  });

  it('uses the given form for fractions when there is one', () => {
    expect(pluralForm(2.5, { ...hours, other: 'часа (дробн.)' })).toBe('часа (дробн.)');
  });
});
