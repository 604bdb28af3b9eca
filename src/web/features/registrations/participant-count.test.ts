import { describe, expect, it } from 'vitest';
import { registrationMessages } from '../../../shared/registrations';
import { approvedInPartText, parentalConsentText, parseParticipantCount } from './participant-count';

describe('the number of pupils typed into an approve or change dialog', () => {
  it('takes a whole number from 1 up to the limit', () => {
    expect(parseParticipantCount('8', 10, 'не больше 10')).toEqual({ count: 8 });
    expect(parseParticipantCount('10', 10, 'не больше 10')).toEqual({ count: 10 });
  });

  it('refuses more than the limit with the given message', () => {
    expect(parseParticipantCount('11', 10, 'не больше 10')).toEqual({ error: 'не больше 10' });
  });

  it('refuses empty, zero, fractions and the cap with the shared messages', () => {
    expect(parseParticipantCount('', 10, 'x')).toEqual({ error: registrationMessages.participantsMin });
    expect(parseParticipantCount('0', 10, 'x')).toEqual({ error: registrationMessages.participantsMin });
    expect(parseParticipantCount('2.5', 10, 'x')).toEqual({ error: registrationMessages.participantsWhole });
    expect(parseParticipantCount('501', undefined, 'x')).toEqual({
      error: registrationMessages.participantsCap,
    });
  });

  it('without a limit, takes anything up to the cap of one application', () => {
    expect(parseParticipantCount('500', undefined, 'x')).toEqual({ count: 500 });
  });
});

describe('what the lists say of an application', () => {
  it("says 'Одобрено 8 из 10' only when fewer were approved than asked", () => {
    expect(approvedInPartText({ participantCount: 8, requestedCount: 10 })).toBe('Одобрено 8 из 10');
    expect(approvedInPartText({ participantCount: 10, requestedCount: null })).toBeNull();
  });

  it("dates the parents' consent in Russian, and says nothing without it", () => {
    expect(parentalConsentText('2026-03-12T09:30:00.000Z')).toBe(
      'Согласия родителей подтверждены школой 12 марта 2026 г.',
    );
    expect(parentalConsentText(null)).toBeNull();
  });
});
