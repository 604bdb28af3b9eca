import { Tabs } from 'radix-ui';
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'react-router';
import { schoolApplicationsPageSize } from '../../../shared/application-lists';
import type { SchoolApplication } from '../../../shared/applications';
import { formatDateRu } from '../../../shared/dates';
import { exportTitles } from '../../../shared/export-words';
import { printoutTexts } from '../../../shared/printouts';
import { exportAddresses } from '../../api/export-addresses';
import { BackLink } from '../../components/back-link';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { ExportButtons } from '../../components/export-buttons';
import { LoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { toast } from '../../components/ui/toast';
import { appToday, formatMomentDateTime } from '../../lib/app-time-zone';
import { toastFailure } from '../../lib/failure-toast';
import { useCancelApplication } from './api/cancel-application';
import { useChangeParticipantCount } from './api/change-participant-count';
import { useMyApplicationCounts, useMyApplications } from './api/my-applications';
import { downloadTripSheet } from './api/printouts';
import { approvedInPartText } from './application-notes';
import { DownloadPdfButton } from './download-pdf-button';
import { ParticipantCountDialog } from './participant-count-dialog';
import { ParticipationCodesDialog } from './participation-codes-dialog';
import { applicationPageTitles, applicationTexts, attendanceTexts } from './texts';

const tabs = applicationTexts.schoolTabs;

/** Changes the number of pupils: any number while waiting, only fewer once approved. */
function ChangeCountDialog({
  application,
  onClose,
  returnFocusTo,
}: {
  application: SchoolApplication;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const change = useChangeParticipantCount();
  const texts = applicationTexts.changeCountDialog;
  const approved = application.status === 'approved';
  const current = application.participantCount;
  return (
    <ParticipantCountDialog
      title={texts.title}
      description={application.event.title}
      label={texts.field}
      hint={
        approved
          ? texts.approvedHint(current)
          : application.status === 'waitlisted'
            ? texts.waitlistedHint
            : texts.pendingHint
      }
      initial={current}
      max={approved ? current : undefined}
      tooMany={texts.tooMany(current)}
      confirmText={texts.confirm}
      cancelText={texts.cancel}
      busy={change.isPending}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      onSubmit={(participantCount) =>
        change.mutate(
          { id: application.id, participantCount },
          {
            onSuccess: (answer) => {
              toast({ title: answer.message });
              onClose();
            },
            onError: (error) => toastFailure(error, 'Ошибка', texts.failed),
          },
        )
      }
    />
  );
}

function ApplicationCard({ application }: { application: SchoolApplication }) {
  const cancel = useCancelApplication();
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const canCancel = application.status === 'pending' || application.status === 'approved';
  const waitlisted = application.status === 'waitlisted';
  // The server refuses changes once the event is over; the button would only lead to that 409.
  const upcoming =
    application.event.date >= appToday() &&
    application.event.status !== 'completed' &&
    application.event.status !== 'canceled';
  const canChangeCount = (canCancel || waitlisted) && upcoming;
  const inPart = approvedInPartText(application);
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={`/events/${application.event.id}`} className="font-semibold hover:underline">
            {application.event.title}
          </Link>
          <p className="text-sm text-muted-foreground">{application.foundation.name}</p>
        </div>
        <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
          {applicationTexts.statusBadge[application.status]}
        </span>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Дата и время</dt>
          <dd>
            {formatDateRu(application.event.date)}, {application.event.startTime}–{application.event.endTime}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Место</dt>
          <dd>{application.event.location}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Участников</dt>
          <dd>
            {application.participantCount}
            {inPart ? <span className="block font-medium">{inPart}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Подана</dt>
          <dd>{formatMomentDateTime(application.registeredAt)}</dd>
        </div>
        {application.approvedAt ? (
          <div>
            <dt className="text-muted-foreground">Одобрена</dt>
            <dd>{formatMomentDateTime(application.approvedAt)}</dd>
          </div>
        ) : null}
        {application.attendedCount === null ? null : (
          <div>
            <dt className="text-muted-foreground">{attendanceTexts.label}</dt>
            <dd>{attendanceTexts.of(application.attendedCount, application.participantCount)}</dd>
          </div>
        )}
        {application.hoursEarned ? (
          <div>
            <dt className="text-muted-foreground">Засчитано часов</dt>
            <dd>{application.hoursEarned}</dd>
          </div>
        ) : null}
      </dl>
      {application.applicationNote ? (
        <p className="mt-2 text-sm">Примечание: {application.applicationNote}</p>
      ) : null}
      {application.status === 'rejected' && application.rejectionReason ? (
        <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          Причина отказа: {application.rejectionReason}
        </p>
      ) : null}
      {application.status === 'approved' ? (
        <div className="mt-2 rounded-lg bg-green-50 p-3 text-sm dark:bg-green-950">
          <p className="font-medium">{applicationTexts.contacts.foundation}</p>
          <ContactList
            className="mt-1"
            columns={2}
            showMissing
            contacts={[
              { kind: 'person', value: application.foundation.contactPerson },
              { kind: 'phone', value: application.foundation.phone },
              { kind: 'email', value: application.foundation.email },
            ]}
          />
        </div>
      ) : null}
      {application.status === 'completed' && (application.attendedCount ?? 0) > 0 ? (
        <div className="mt-3">
          <ParticipationCodesDialog applicationId={application.id} pupils={application.attendedCount ?? 0} />
        </div>
      ) : null}
      {canCancel || canChangeCount || waitlisted ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {application.status === 'approved' ? (
            <DownloadPdfButton
              label={printoutTexts.tripSheet.button}
              failed={printoutTexts.tripSheet.failed}
              download={() => downloadTripSheet(application.id)}
            />
          ) : null}
          {canChangeCount ? (
            <Button ref={changeButton} variant="outline" size="sm" onClick={() => setChanging(true)}>
              {applicationTexts.changeCountDialog.open}
            </Button>
          ) : null}
          {canCancel ? (
            <ConfirmDialog
              title="Отменить заявку?"
              description="Заявка будет удалена, это действие нельзя отменить."
              confirmText="Отменить заявку"
              cancelText="Назад"
              destructive
              trigger={
                <Button variant="outline" size="sm" disabled={cancel.isPending}>
                  Отменить заявку
                </Button>
              }
              onConfirm={() =>
                cancel.mutate(application.id, {
                  onSuccess: () => toast({ title: applicationTexts.cancelled }),
                  onError: (error) => toastFailure(error, 'Ошибка', 'Не удалось отменить заявку'),
                })
              }
            />
          ) : null}
          {waitlisted ? (
            <ConfirmDialog
              title={applicationTexts.leaveWaitlist.title}
              description={applicationTexts.leaveWaitlist.description}
              confirmText={applicationTexts.leaveWaitlist.confirm}
              cancelText={applicationTexts.leaveWaitlist.cancel}
              destructive
              trigger={
                <Button variant="outline" size="sm" disabled={cancel.isPending}>
                  {applicationTexts.leaveWaitlist.open}
                </Button>
              }
              onConfirm={() =>
                cancel.mutate(application.id, {
                  onSuccess: (answer) => toast({ title: answer.message }),
                  onError: (error) => toastFailure(error, 'Ошибка', applicationTexts.leaveWaitlist.failed),
                })
              }
            />
          ) : null}
        </div>
      ) : null}
      {changing ? (
        <ChangeCountDialog
          application={application}
          onClose={() => setChanging(false)}
          returnFocusTo={changeButton}
        />
      ) : null}
    </li>
  );
}

/** A page of the school's applications in one status, with the pages below it. */
function StatusTab({ tab }: { tab: (typeof tabs)[number] }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMyApplications({
    status: tab.status,
    page,
    limit: schoolApplicationsPageSize,
  });
  if (isPending) return <ListSkeleton rows={5} rowClassName="h-56 sm:h-44" label="Загрузка заявок…" />;
  if (isError) return <LoadError text={applicationTexts.loadFailed} onRetry={() => void refetch()} />;
  if (data.totalCount === 0) return <EmptyNote>{tab.empty}</EmptyNote>;
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {data.items.map((application) => (
          <ApplicationCard key={application.id} application={application} />
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={Math.ceil(data.totalCount / schoolApplicationsPageSize)}
        onPageChange={setPage}
      />
    </div>
  );
}

/** /school-applications: the school's own applications in a tab per status, pending first, a page at a time. */
export function SchoolApplicationsPage() {
  usePageHead({ title: applicationPageTitles.schoolApplications });
  const { data: counts, isError, refetch } = useMyApplicationCounts();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <BackLink to="/dashboard">Назад в личный кабинет</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Мои заявки</h1>
      <div className="mt-3 mb-6">
        <ExportButtons
          label={exportTitles.schoolApplications}
          fileTitle={exportTitles.schoolApplications}
          addressOf={exportAddresses.schoolApplications}
        />
      </div>
      {isError ? (
        <div role="alert" className="text-center">
          <p>Ошибка при загрузке заявок</p>
          <Button variant="outline" className="mt-2" onClick={() => void refetch()}>
            Попробовать снова
          </Button>
        </div>
      ) : (
        <Tabs.Root defaultValue="pending">
          <Tabs.List
            aria-label="Статусы заявок"
            className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:grid-cols-3 md:grid-cols-5"
          >
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab.status}
                value={tab.status}
                className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground"
              >
                {tab.label} ({counts ? counts[tab.status] : '…'})
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.status} value={tab.status} className="mt-4 space-y-4">
              <Card padding="sm" className="text-sm text-muted-foreground">
                {tab.banner}
              </Card>
              <StatusTab tab={tab} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </div>
  );
}
