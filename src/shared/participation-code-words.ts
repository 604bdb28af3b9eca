// Without zod, apart from the schemas in ./participation-codes, so the school's applications page shows
// a code's state without downloading the schema library (issue 27, the 150 KB budget of a page's script).

export const participationCodeStatuses = ['active', 'claimed', 'revoked'] as const;
export type ParticipationCodeStatus = (typeof participationCodeStatuses)[number];

export const participationCodeStatusLabels: Record<ParticipationCodeStatus, string> = {
  active: 'Не использован',
  claimed: 'Использован',
  revoked: 'Отозван',
};
