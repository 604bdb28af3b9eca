import { type ReactNode, useId } from 'react';
import { memberRoleLabels, memberRoles } from '../../../shared/roles';
import { memberRoleDescriptions, teamMessages } from '../../../shared/team';
import { useCurrentUser } from '../../api/session';
import { LoadError } from '../../components/load-error';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useInvitations } from './api/invitations';
import { useMembers } from './api/members';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { teamTexts as t } from './texts';

/**
 * «Команда» on the dashboard of a school or a foundation (issue 53): its people with their roles, the
 * open invitations and what each role may do. Only an owner sees the controls that change the team (the
 * server checks it again); everybody may leave it.
 */
export function TeamTab() {
  const { data: user } = useCurrentUser();
  const memberRole = user?.memberRole ?? null;
  const isOwner = memberRole === 'owner';

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        {memberRole === 'viewer' || memberRole === 'coordinator' ? (
          <p role="note" className="rounded-lg bg-muted/60 p-3 text-sm">
            {memberRole === 'viewer' ? teamMessages.viewerReadsOnly : t.ownerManages}
          </p>
        ) : null}
        <MembersCard canManage={isOwner} />
      </div>
      <div className="space-y-6">
        {isOwner ? (
          <TeamCard heading={t.inviteHeading}>
            <InviteForm />
          </TeamCard>
        ) : null}
        <InvitationsCard canManage={isOwner} />
        <TeamCard heading={t.rolesHeading}>
          <dl className="space-y-3 text-sm">
            {memberRoles.map((role) => (
              <div key={role}>
                <dt className="font-medium">{memberRoleLabels[role]}</dt>
                <dd className="text-muted-foreground">{memberRoleDescriptions[role]}</dd>
              </div>
            ))}
          </dl>
        </TeamCard>
      </div>
    </div>
  );
}

/** A card of the tab, a region named by its heading. */
function TeamCard({
  heading,
  note,
  children,
}: {
  heading: string;
  note?: string | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card padding="responsive" className="space-y-4" role="region" aria-labelledby={headingId}>
      <div className="space-y-0.5">
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </div>
      {children}
    </Card>
  );
}

function MembersCard({ canManage }: { canManage: boolean }) {
  const { data, isPending, isError, refetch } = useMembers();
  return (
    <TeamCard
      heading={data?.organisationName ? t.headingOf(data.organisationName) : t.heading}
      note={data ? t.memberCount(data.members.length) : undefined}
    >
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError text={t.loadFailed} onRetry={() => void refetch()} />
      ) : (
        <MemberList members={data.members} canManage={canManage} />
      )}
    </TeamCard>
  );
}

function InvitationsCard({ canManage }: { canManage: boolean }) {
  const { data, isPending, isError, refetch } = useInvitations();
  return (
    <TeamCard
      heading={t.invitationsHeading}
      note={data && data.invitations.length > 0 ? t.invitationCount(data.invitations.length) : undefined}
    >
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError text={t.invitationsLoadFailed} onRetry={() => void refetch()} />
      ) : (
        <InvitationList invitations={data.invitations} canManage={canManage} />
      )}
    </TeamCard>
  );
}
