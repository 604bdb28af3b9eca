import { describe, expect, it } from 'vitest';
import { applicationMessages } from '../../../shared/applications';
import { parseParticipantCount } from './participant-count';

describe('the number of pupils typed into an approve or change dialog', () => {
  it('takes a whole number from 1 up to the limit', () => {
    expect(parseParticipantCount('8', 10, 'не больше 10')).toEqual({ count: 8 });
    expect(parseParticipantCount('10', 10, 'не больше 10')).toEqual({ count: 10 });
  });

  it('refuses more than the limit with the given message', () => {
    expect(parseParticipantCount('11', 10, 'не больше 10')).toEqual({ error: 'не больше 10' });
  });

  it('refuses empty, zero, fractions and the cap with the shared messages', () => {
    expect(parseParticipantCount('', 10, 'x')).toEqual({ error: applicationMessages.participantsMin });
    expect(parseParticipantCount('0', 10, 'x')).toEqual({ error: applicationMessages.participantsMin });
    expect(parseParticipantCount('2.5', 10, 'x')).toEqual({ error: applicationMessages.participantsWhole });
    expect(parseParticipantCount('501', undefined, 'x')).toEqual({
      error: applicationMessages.participantsCap,
    });
  });

  it('without a limit, takes anything up to the cap of one application', () => {
    expect(parseParticipantCount('500', undefined, 'x')).toEqual({ count: 500 });
  });
});
