import { describe, expect, it } from 'vitest';
import { formatDateRu } from './dates';

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
