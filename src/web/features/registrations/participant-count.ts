import { formatDateRu } from '../../../shared/dates';
import { participantCountField } from '../../../shared/registrations';
import { registrationTexts } from './texts';

/**
 * The number typed into an approve or change dialog, checked by the same rule the server applies
 * (participantCountField) plus the dialog's own upper bound: the number asked for when approving, the
 * approved number when a school lowers an approved application. Without a bound only the cap of one
 * application holds; free places are the server's to check, and its 409 is shown as it comes.
 */
export function parseParticipantCount(
  text: string,
  max: number | undefined,
  tooMany: string,
): { count: number } | { error: string } {
  const schema =
    max === undefined ? participantCountField : participantCountField.refine((n) => n <= max, tooMany);
  const parsed = schema.safeParse(text.trim());
  if (parsed.success) return { count: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? tooMany };
}

/** 'Одобрено 8 из 10' when the foundation took fewer pupils than the school asked for; null otherwise. */
export function approvedInPartText(application: {
  participantCount: number;
  requestedCount: number | null;
}): string | null {
  return application.requestedCount !== null && application.requestedCount > application.participantCount
    ? registrationTexts.approvedInPart(application.participantCount, application.requestedCount)
    : null;
}

/** 'Согласия родителей подтверждены школой 12 марта 2026 г.', or null when the school confirmed none. */
export function parentalConsentText(parentalConsentAt: string | null): string | null {
  const day = formatDateRu(parentalConsentAt);
  return day ? registrationTexts.parentalConsentConfirmed(day) : null;
}
