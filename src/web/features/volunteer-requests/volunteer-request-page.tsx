import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import { shareCardPath } from '../../../shared/share-cards';
import { schoolResponseStatusLabels, type VolunteerRequestDetail } from '../../../shared/volunteer-requests';
import { ApiError, errorText } from '../../api/client';
import { profileQuery, useProfile } from '../../api/profile';
import { currentUserQuery, useCurrentUser } from '../../api/session';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { summary, usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import type { PageLoad } from '../../lib/page-load';
import { useVolunteerRequest, volunteerRequestQuery } from './api/volunteer-request';
import { useWithdrawResponse } from './api/withdraw-response';
import { OwnerPanel } from './owner-panel';
import { RequestStatusBadge } from './request-status-badge';
import { EditResponseForm, ResponseForm } from './response-form';
import { requestTexts as t } from './texts';

const parseId = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * What the school may do with its response until the foundation decides on it: change it while the
 * request is open, withdraw it whatever the request's status.
 */
function PendingResponseActions({
  responseId,
  canEdit,
  onEdit,
}: {
  responseId: number;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const withdraw = useWithdrawResponse();
  return (
    <div className="flex flex-col gap-2 pt-1">
      {canEdit ? (
        <Button variant="outline" className="w-full" onClick={onEdit}>
          {t.editResponse}
        </Button>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button variant="outline" className="w-full" disabled={withdraw.isPending}>
            {t.withdrawResponse}
          </Button>
        }
        title={t.withdrawTitle}
        description={t.withdrawText}
        confirmText={t.withdrawConfirm}
        cancelText={t.cancel}
        destructive
        onConfirm={() =>
          withdraw.mutate(responseId, {
            onSuccess: () => toast({ title: t.responseWithdrawn }),
            onError: (error) =>
              toast({
                title: 'Ошибка',
                description: errorText(error, t.withdrawFailed),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}

/** The school's side: the form, its response once sent, or why it cannot respond. */
function SchoolCard({ detail }: { detail: VolunteerRequestDetail }) {
  const { data: user } = useCurrentUser();
  const { data: profile } = useProfile(user?.role === 'school');
  const [editing, setEditing] = useState(false);
  const mine = detail.responses[0];
  const isOpen = detail.request.status === 'open';
  const isPending = mine?.response.status === 'pending';
  // A decision or a closed request arriving while the form is open ends the editing.
  const isEditing = editing && isPending && isOpen;

  let body: ReactNode;
  if (!user) {
    body = (
      <>
        <p className="text-muted-foreground">{t.signInAsSchool}</p>
        <Button asChild className="w-full">
          <Link to="/auth">{t.signIn}</Link>
        </Button>
      </>
    );
  } else if (user.role !== 'school') {
    body = <p className="text-muted-foreground">{t.onlySchools}</p>;
  } else if (mine && isEditing) {
    body = <EditResponseForm response={mine.response} onDone={() => setEditing(false)} />;
  } else if (mine) {
    body = (
      <div className="space-y-2">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{t.yourResponse}:</span>
          <span className="rounded-full bg-muted px-2.5 py-1 text-sm font-medium">
            {schoolResponseStatusLabels[mine.response.status]}
          </span>
        </p>
        <p className="text-sm text-muted-foreground">{t.offered(mine.response.volunteersOffered)}</p>
        {mine.response.message ? (
          <p className="text-sm whitespace-pre-line">{mine.response.message}</p>
        ) : null}
        {mine.response.processingNote ? (
          <p className="rounded-lg bg-muted p-3 text-sm">
            {t.foundationNote}: {mine.response.processingNote}
          </p>
        ) : null}
        {isPending ? (
          <PendingResponseActions
            responseId={mine.response.id}
            canEdit={isOpen}
            onEdit={() => setEditing(true)}
          />
        ) : null}
      </div>
    );
  } else if (!isOpen) {
    body = <p className="text-muted-foreground">{t.notOpen}</p>;
  } else if (!profile) {
    body = <Spinner />;
  } else if (profile.moderationStatus !== 'approved') {
    body = <p className="text-muted-foreground">{t.waitForModeration}</p>;
  } else {
    body = <ResponseForm requestId={detail.request.id} profile={profile} />;
  }

  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{isEditing ? t.editResponse : t.respondTitle}</h2>
      {body}
    </Card>
  );
}

/** Requests have no picture: their link preview shows the generated card with the title. */
function RequestHead({ request }: { request: VolunteerRequestDetail['request'] }) {
  usePageHead({
    title: request.title,
    description: summary(request.description),
    share: {
      path: `/volunteer-requests/${request.id}`,
      image: shareCardPath('volunteer-requests', request.id),
      type: 'article',
    },
  });
  return null;
}

/** /volunteer-requests/{id}: the request, and below it what the viewer can do with it. */
export function VolunteerRequestPage() {
  const id = parseId(useParams().id);
  const { data: user } = useCurrentUser();
  const { data: detail, isPending, isError, error, refetch } = useVolunteerRequest(id);
  const missing = id === undefined || (isError && error instanceof ApiError && error.status === 404);

  if (missing) {
    return <NotFound title={t.notFound} text={t.notFoundHint} to="/volunteer-requests" linkLabel={t.toAll} />;
  }
  let content: ReactNode;
  if (isPending) {
    content = <Spinner className="min-h-[40vh]" />;
  } else if (isError) {
    content = <LoadError text={t.detailLoadFailed} onRetry={() => void refetch()} />;
  } else {
    const { request, foundation } = detail;
    // Any member of the request's foundation manages it, not only the account the foundation is named by.
    const isOwner = user?.role === 'foundation' && user.organisationId === foundation.id;
    content = (
      <div className="grid gap-6 lg:grid-cols-3">
        <RequestHead request={request} />
        <div className="space-y-6 lg:col-span-2">
          <Card className="space-y-4">
            <div className="flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold">{request.title}</h1>
              <RequestStatusBadge status={request.status} />
            </div>
            <p className="whitespace-pre-line">{request.description}</p>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Fact term={t.date}>{formatDateRu(request.eventDate)}</Fact>
              <Fact term={t.time}>{request.eventTime}</Fact>
              <Fact term={t.place}>{request.location}</Fact>
              {request.address && request.address !== request.location ? (
                <Fact term={t.address}>{request.address}</Fact>
              ) : null}
              <Fact term={t.needed}>{request.volunteersNeeded}</Fact>
              <Fact term={t.foundation}>
                <Link
                  to={`/foundations/${foundation.id}`}
                  className="text-primary hover:underline dark:text-green-400"
                >
                  {foundation.name}
                </Link>
              </Fact>
            </dl>
            {request.requirements ? (
              <div>
                <h2 className="font-semibold">{t.requirements}</h2>
                <p className="whitespace-pre-line">{request.requirements}</p>
              </div>
            ) : null}
            <p className="text-sm text-muted-foreground">{t.responsesCount(detail.responsesCount)}</p>
          </Card>
          {isOwner ? <OwnerPanel detail={detail} /> : null}
        </div>
        {isOwner ? null : (
          <div>
            <SchoolCard detail={detail} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <BackLink to="/volunteer-requests">{t.back}</BackLink>
      {content}
    </div>
  );
}

/** The request, and for a school the profile its response form is filled from. */
export const loadVolunteerRequestPage: PageLoad = async ({ params, queryClient }) => {
  const id = parseId(params.id);
  if (id === undefined) return;
  const [, user] = await Promise.all([
    queryClient.ensureQueryData(volunteerRequestQuery(id)),
    queryClient.ensureQueryData(currentUserQuery),
  ]);
  if (user?.role === 'school') await queryClient.ensureQueryData(profileQuery);
};
