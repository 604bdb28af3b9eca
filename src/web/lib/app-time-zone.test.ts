import { afterEach, describe, expect, it } from 'vitest';
import { defaultAppTimeZone } from '../../shared/dates';
import { appDayOf, formatMomentDateTime, formatMomentDay, setAppTimeZone } from './app-time-zone';

// 21:30 UTC on 1 December: 2 December in Moscow, still 1 December on this computer's clock (UTC).
const lateEvening = '2026-12-01T21:30:00.000Z';

describe('the app’s time zone on the web side', () => {
  afterEach(() => setAppTimeZone(defaultAppTimeZone));

  it('draws moments in Moscow until told otherwise, whatever the computer’s zone', () => {
    expect(formatMomentDay(lateEvening)).toBe('2 декабря 2026 г.');
    expect(formatMomentDateTime(lateEvening)).toBe('2 декабря 2026 г. в 00:30');
    expect(appDayOf(lateEvening)).toBe('2026-12-02');
  });

  it('draws them in the zone the server named', () => {
    setAppTimeZone('America/New_York');
    expect(formatMomentDay(lateEvening)).toBe('1 декабря 2026 г.');
    expect(formatMomentDateTime(lateEvening)).toBe('1 декабря 2026 г. в 16:30');
    expect(appDayOf('не дата')).toBe('');
  });
});
