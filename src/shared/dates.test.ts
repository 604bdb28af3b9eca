import { describe, expect, it } from 'vitest';
import { formatDateRu, formatDateTimeRu, formatMomentDayRu, todayIn } from './dates';

describe('formatDateRu', () => {
  it('writes a day the Russian way', () => {
    expect(formatDateRu('2026-03-12')).toBe('12 марта 2026 г.');
    expect(formatDateRu('2026-11-01')).toBe('1 ноября 2026 г.');
  });

  it('gives empty text for a missing or impossible date', () => {
    expect(formatDateRu(null)).toBe('');
    expect(formatDateRu('')).toBe('');
    expect(formatDateRu('2026-02-30')).toBe('');
    expect(formatDateRu('не дата')).toBe('');
  });
});

// 21:30 UTC on 1 December is already 2 December in Moscow (issue 51, item 2).
const lateEvening = '2026-12-01T21:30:00.000Z';

describe('formatMomentDayRu', () => {
  it('writes the day of a moment in the given zone, not in the zone of the computer', () => {
    expect(formatMomentDayRu(lateEvening, 'Europe/Moscow')).toBe('2 декабря 2026 г.');
    expect(formatMomentDayRu(new Date(lateEvening), 'Europe/Moscow')).toBe('2 декабря 2026 г.');
    expect(formatMomentDayRu(lateEvening, 'America/New_York')).toBe('1 декабря 2026 г.');
  });

  it('gives empty text for a missing or invalid moment', () => {
    expect(formatMomentDayRu(null, 'Europe/Moscow')).toBe('');
    expect(formatMomentDayRu('не дата', 'Europe/Moscow')).toBe('');
  });
});

describe('formatDateTimeRu', () => {
  it('writes the day and the clock time of a moment in the given zone', () => {
    expect(formatDateTimeRu(lateEvening, 'Europe/Moscow')).toBe('2 декабря 2026 г. в 00:30');
    expect(formatDateTimeRu('2026-03-12T11:05:00Z', 'Europe/Moscow')).toBe('12 марта 2026 г. в 14:05');
    expect(formatDateTimeRu(lateEvening, 'Asia/Vladivostok')).toBe('2 декабря 2026 г. в 07:30');
  });

  it('gives empty text for a missing or invalid moment', () => {
    expect(formatDateTimeRu(undefined, 'Europe/Moscow')).toBe('');
    expect(formatDateTimeRu('2026-13-45T99:00:00Z', 'Europe/Moscow')).toBe('');
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
