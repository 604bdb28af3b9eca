import { formatMomentDay } from '../../lib/app-time-zone';
import { applicationTexts } from './texts';

// Apart from the dialog's rule in ./participant-count, which needs the schema library: the lists show
// these lines on their first screen, the rule is fetched with the dialog (issue 27, the 150 KB budget).

/** 'Одобрено 8 из 10' when the foundation took fewer pupils than the school asked for; null otherwise. */
export function approvedInPartText(application: {
  participantCount: number;
  requestedCount: number | null;
}): string | null {
  return application.requestedCount !== null && application.requestedCount > application.participantCount
    ? applicationTexts.approvedInPart(application.participantCount, application.requestedCount)
    : null;
}

/** 'Согласия родителей подтверждены школой 12 марта 2026 г.', or null when the school confirmed none. */
export function parentalConsentText(parentalConsentAt: string | null): string | null {
  const day = formatMomentDay(parentalConsentAt);
  return day ? applicationTexts.parentalConsentConfirmed(day) : null;
}
