import { useId } from 'react';
import { type MemberRole, memberRoleLabels, memberRoles } from '../../../shared/roles';
import type { Member } from '../../../shared/team';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { formatMomentDay } from '../../lib/app-time-zone';
import { toastFailure } from '../../lib/failure-toast';
import { toastAfterReload } from '../../lib/flash-toast';
import { useChangeMemberRole } from './api/change-member-role';
import { useLeaveTeam, useRemoveMember } from './api/remove-member';
import { useTransferOwnership } from './api/transfer-ownership';
import { teamTexts as t } from './texts';

const done = ({ message }: { message: string }) => toast({ title: message });
const failed = (error: unknown) => toastFailure(error, t.failure, t.failureFallback);

/**
 * The team's people. An owner changes another member's role, hands ownership over or removes them;
 * everybody may leave from their own row (the server refuses the last owner, and says why).
 */
export function MemberList({ members, canManage }: { members: Member[]; canManage: boolean }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const leave = useLeaveTeam();

  const shownRole = (member: Member): MemberRole =>
    changeRole.isPending && changeRole.variables.memberId === member.id
      ? changeRole.variables.role
      : member.role;

  const leaveTeam = (member: Member) =>
    leave.mutate(member.id, {
      // The account is gone and the session with it: the site starts again signed out, as after signing out.
      onSuccess: ({ message }) => {
        toastAfterReload({ title: message });
        window.location.assign('/');
      },
      onError: failed,
    });

  return (
    <ul className="divide-y divide-border">
      {members.map((member) => (
        <li key={member.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium wrap-anywhere">
                {member.username}
                {member.isYou ? (
                  <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-normal text-muted-foreground">
                    {t.you}
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-muted-foreground wrap-anywhere">{member.email ?? t.noEmail}</p>
              <p className="text-sm text-muted-foreground">{t.joined(formatMomentDay(member.joinedAt))}</p>
            </div>
            {canManage && !member.isYou ? (
              <RoleSelect
                member={member}
                value={shownRole(member)}
                disabled={changeRole.isPending}
                onChange={(role) =>
                  changeRole.mutate({ memberId: member.id, role }, { onSuccess: done, onError: failed })
                }
              />
            ) : (
              <p className="text-sm font-medium">{memberRoleLabels[member.role]}</p>
            )}
          </div>
          {canManage && !member.isYou ? (
            <div className="flex flex-wrap gap-2">
              {member.role !== 'owner' ? (
                <ConfirmDialog
                  title={t.makeOwnerTitle(member.username)}
                  description={t.makeOwnerDescription}
                  confirmText={t.makeOwnerConfirm}
                  trigger={
                    <Button variant="outline" size="sm" disabled={transfer.isPending}>
                      {t.makeOwner}
                    </Button>
                  }
                  onConfirm={() => transfer.mutate(member.id, { onSuccess: done, onError: failed })}
                />
              ) : null}
              <ConfirmDialog
                title={t.removeTitle(member.username)}
                description={t.removeDescription}
                confirmText={t.removeConfirm}
                destructive
                trigger={
                  <Button variant="outline" size="sm" disabled={remove.isPending}>
                    {t.remove}
                  </Button>
                }
                onConfirm={() => remove.mutate(member.id, { onSuccess: done, onError: failed })}
              />
            </div>
          ) : null}
          {member.isYou ? (
            <ConfirmDialog
              title={t.leaveTitle}
              description={t.leaveDescription}
              confirmText={t.leaveConfirm}
              destructive
              trigger={
                <Button variant="outline" size="sm" disabled={leave.isPending}>
                  {t.leave}
                </Button>
              }
              onConfirm={() => leaveTeam(member)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RoleSelect({
  member,
  value,
  disabled,
  onChange,
}: {
  member: Member;
  value: MemberRole;
  disabled: boolean;
  onChange: (role: MemberRole) => void;
}) {
  const id = useId();
  return (
    <div className="w-full sm:w-48">
      <label htmlFor={id} className="sr-only">
        {t.roleOf(member.username)}
      </label>
      <Select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as MemberRole)}
      >
        {memberRoles.map((role) => (
          <option key={role} value={role}>
            {memberRoleLabels[role]}
          </option>
        ))}
      </Select>
    </div>
  );
}
