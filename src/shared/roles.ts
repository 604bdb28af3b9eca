/** Roles of an account. `volunteer` exists as a value but nobody can sign up with it yet. */
export const roles = ['admin', 'foundation', 'school', 'volunteer'] as const;
export type Role = (typeof roles)[number];

/** The roles an organisation may choose at sign-up. */
export const signUpRoles = ['foundation', 'school'] as const;
export type SignUpRole = (typeof signUpRoles)[number];

export const roleLabels: Record<Role, string> = {
  admin: 'Администратор',
  foundation: 'Фонд',
  school: 'Школа',
  volunteer: 'Волонтер',
};

/**
 * What a person may do inside their organisation (issue 53): the owner everything, the team and the
 * profile included; a coordinator all the work but those; a viewer reads everything and writes nothing.
 */
export const memberRoles = ['owner', 'coordinator', 'viewer'] as const;
export type MemberRole = (typeof memberRoles)[number];

export const memberRoleLabels: Record<MemberRole, string> = {
  owner: 'Владелец',
  coordinator: 'Координатор',
  viewer: 'Наблюдатель',
};

export const moderationStatuses = ['pending', 'approved', 'rejected', 'needs_changes'] as const;
export type ModerationStatus = (typeof moderationStatuses)[number];

export const moderationStatusLabels: Record<ModerationStatus, string> = {
  pending: 'Ожидает модерации',
  approved: 'Одобрен модератором',
  rejected: 'Отклонен модератором',
  needs_changes: 'Требует доработки',
};
