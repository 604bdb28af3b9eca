import { describe, expect, it } from 'vitest';
import { approvedInPartText, parentalConsentText } from './application-notes';

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
