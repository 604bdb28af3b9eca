/**
 * The keys of the team's cached answers. Its own family, so a change to the team refreshes the members and
 * invitations alone; signing in through an invitation refreshes every family but the session's (as the
 * sign-in does) and the link's, which the page that used it up leaves at once.
 */
export const teamKey = ['team'] as const;
export const membersKey = [...teamKey, 'members'] as const;
export const invitationsKey = [...teamKey, 'invitations'] as const;
export const invitationLinksKey = ['invitation-links'] as const;
