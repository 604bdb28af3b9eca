import { describe, expect, it } from 'vitest';
import { formatDateRu, todayIn } from './dates';

describe('formatDateRu', () => {
  it('writes a day the Russian way', () => {
    expect(formatDateRu('2026-03-12')).toBe('12 марта 2026 г.');
    expect(formatDateRu('2026-11-01')).toBe('1 ноября 2026 г.');
    expect(formatDateRu(new Date(2026, 0, 5))).toBe('5 января 2026 г.');
  });

  it('gives empty text for a missing or impossible date', () => {
    expect(formatDateRu(null)).toBe('');
    expect(formatDateRu('')).toBe('');
    expect(formatDateRu('2026-02-30')).toBe('');
    expect(formatDateRu('не дата')).toBe('');
  });
});

describe('todayIn', () => {
  it('turns the day at midnight in the given zone, to the millisecond, whichever zone was asked last', () => {
    const lastMoscowMoment = new Date('2026-11-22T20:59:59.999Z');
    expect(todayIn('Europe/Moscow', lastMoscowMoment)).toBe('2026-11-22');
    expect(todayIn('Asia/Vladivostok', lastMoscowMoment)).toBe('2026-11-23');
    expect(todayIn('Europe/Moscow', lastMoscowMoment)).toBe('2026-11-22');
    expect(todayIn('Europe/Moscow', new Date('2026-11-22T21:00:00.000Z'))).toBe('2026-11-23');
  });
});
