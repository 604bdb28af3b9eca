import { describe, expect, it } from 'vitest';
import {
  goalPercent,
  hourReportMessages,
  hourReportQuerySchema,
  hoursGoalSchema,
  monthLabel,
  schoolYearMonths,
  shortMonthLabel,
} from './hour-reports';

describe('the months of a school year', () => {
  it('run from September to August across the new year, in Russian', () => {
    const months = schoolYearMonths(2025);
    expect(months).toHaveLength(12);
    expect([months[0], months[3], months[4], months[11]]).toEqual([
      '2025-09',
      '2025-12',
      '2026-01',
      '2026-08',
    ]);
    expect(monthLabel('2025-09')).toBe('Сентябрь 2025');
    expect(monthLabel('2026-01')).toBe('Январь 2026');
    expect(months.map(shortMonthLabel).join(' ')).toBe('сен окт ноя дек янв фев мар апр май июн июл авг');
  });
});

describe('the goal and the year', () => {
  it('take whole hours 1–100 000 or null, and four-digit years 2000–2099', () => {
    expect(hoursGoalSchema.parse({ goal: '320' })).toEqual({ goal: 320 });
    expect(hoursGoalSchema.parse({ goal: null })).toEqual({ goal: null });
    for (const goal of [0, 100_001, 2.5, '', '1e3', true]) {
      expect(hoursGoalSchema.safeParse({ goal }).error?.issues[0]?.message).toBe(hourReportMessages.goal);
    }
    expect(hourReportQuerySchema.parse({ year: '2025' })).toEqual({ year: 2025 });
    expect(hourReportQuerySchema.safeParse({ year: '2100' }).success).toBe(false);
  });

  it('counts the share of a goal in whole percent, past 100 when exceeded', () => {
    expect(goalPercent(320, 500)).toBe(64);
    expect(goalPercent(1, 3)).toBe(33);
    expect(goalPercent(750, 500)).toBe(150);
  });
});
