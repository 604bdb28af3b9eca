import { describe, expect, it } from 'vitest';
import { placeLine, placeOf } from './places';

describe('the place of an event', () => {
  it('is printed once when the address repeats it, whatever the case, ё or punctuation', () => {
    expect(placeOf('Москва, парк Горького', 'Москва, парк Горького')).toEqual({
      location: 'Москва, парк Горького',
      address: null,
    });
    expect(placeOf('Москва, Парк Горького.', 'москва парк горького')).toEqual({
      location: 'Москва, Парк Горького.',
      address: null,
    });
    expect(placeOf('Ёлочный базар', 'ЕЛОЧНЫЙ БАЗАР')).toEqual({ location: 'Ёлочный базар', address: null });
    expect(placeOf('Парк Горького', null)).toEqual({ location: 'Парк Горького', address: null });
    expect(placeOf('Парк Горького', '  ')).toEqual({ location: 'Парк Горького', address: null });
  });

  it('is the longer of the two when one holds the other', () => {
    expect(placeOf('Парк Горького', 'Москва, парк Горького, ул. Крымский Вал, 9')).toEqual({
      location: 'Москва, парк Горького, ул. Крымский Вал, 9',
      address: null,
    });
    expect(placeOf('Парк Горького, главный вход', 'главный вход')).toEqual({
      location: 'Парк Горького, главный вход',
      address: null,
    });
  });

  it('keeps both when they say different things, a number that only starts the same included', () => {
    expect(placeOf('Парк Горького', 'Москва, ул. Крымский Вал, 9')).toEqual({
      location: 'Парк Горького',
      address: 'Москва, ул. Крымский Вал, 9',
    });
    expect(placeOf('Школа, дом 1', 'Школа, дом 12')).toEqual({
      location: 'Школа, дом 1',
      address: 'Школа, дом 12',
    });
    expect(placeLine('Парк Горького', 'Москва, ул. Крымский Вал, 9')).toBe(
      'Парк Горького, Москва, ул. Крымский Вал, 9',
    );
    expect(placeLine('Москва, ул. Крымский Вал, 9', 'Москва, ул. Крымский Вал, 9')).toBe(
      'Москва, ул. Крымский Вал, 9',
    );
  });
});
