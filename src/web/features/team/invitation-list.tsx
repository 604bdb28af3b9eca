import type { Invitation } from '../../../shared/team';
import { EmptyNote } from '../../components/empty-note';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { formatMomentDay } from '../../lib/app-time-zone';
import { toastFailure } from '../../lib/failure-toast';
import { useResendInvitation } from './api/resend-invitation';
import { useRevokeInvitation } from './api/revoke-invitation';
import { teamTexts as t } from './texts';

const done = ({ message }: { message: string }) => toast({ title: message });
const failed = (error: unknown) => toastFailure(error, t.failure, t.failureFallback);

/** The invitations nobody has accepted yet; an owner sends one again or revokes it. */
export function InvitationList({
  invitations,
  canManage,
}: {
  invitations: Invitation[];
  canManage: boolean;
}) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  if (invitations.length === 0) return <EmptyNote>{t.noInvitations}</EmptyNote>;
  return (
    <ul className="divide-y divide-border">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="space-y-2 py-4 first:pt-0 last:pb-0">
          <div className="space-y-0.5">
            <p className="font-medium break-all">{invitation.email}</p>
            <p className="text-sm">{t.invitedAs(invitation.role)}</p>
            <p className="text-sm text-muted-foreground">
              {t.sent(formatMomentDay(invitation.sentAt))}
              {invitation.invitedBy ? ` · ${t.invitedBy(invitation.invitedBy)}` : null}
            </p>
            {invitation.expired ? (
              <p className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                {t.expired}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">
                {t.validUntil(formatMomentDay(invitation.expiresAt))}
              </p>
            )}
          </div>
          {canManage ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={resend.isPending}
                onClick={() => resend.mutate(invitation.id, { onSuccess: done, onError: failed })}
              >
                {t.resend}
              </Button>
              <ConfirmDialog
                title={t.revokeTitle(invitation.email)}
                description={t.revokeDescription}
                confirmText={t.revokeConfirm}
                destructive
                trigger={
                  <Button variant="outline" size="sm" disabled={revoke.isPending}>
                    {t.revoke}
                  </Button>
                }
                onConfirm={() => revoke.mutate(invitation.id, { onSuccess: done, onError: failed })}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
