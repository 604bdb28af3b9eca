import { participantCountField } from '../../../shared/applications';

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
