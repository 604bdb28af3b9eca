import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { approvedApplicationsPageSize } from '../../../shared/application-lists';
import { schoolTypeLabels } from '../../../shared/catalog';
import { formatDateRu } from '../../../shared/dates';
import { printoutTexts } from '../../../shared/printouts';
import { BackLink } from '../../components/back-link';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { usePageHead } from '../../components/page-head';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { usePagesOf } from '../../lib/use-pages-of';
import { useApprovedApplications } from './api/approved-applications';
import { downloadTripSheet } from './api/printouts';
import { applicationContacts } from './application-contacts';
import { approvedInPartText, parentalConsentText } from './application-notes';
import { DownloadPdfButton } from './download-pdf-button';
import { applicationTexts } from './texts';

const orNotSpecified = (value: string | null | undefined) => value || 'не указано';

function Page({ title, count, children }: { title: string; count: number | undefined; children: ReactNode }) {
  usePageHead({ title });
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <BackLink to="/dashboard">Назад в личный кабинет</BackLink>
      <h1 className="mt-4 mb-6 flex items-center gap-3 text-2xl font-bold">
        {title}
        {count !== undefined ? (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-sm text-primary-foreground">
            {count}
          </span>
        ) : null}
      </h1>
      {children}
    </div>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{value}</dd>
    </div>
  );
}

function LoadState({
  isPending,
  isError,
  retry,
  empty,
}: {
  isPending: boolean;
  isError: boolean;
  retry: () => void;
  empty: boolean;
}) {
  if (isPending) {
    return <ListSkeleton rows={3} rowClassName="h-96 sm:h-72" label="Загрузка одобренных заявок…" />;
  }
  if (isError) {
    return (
      <div role="alert" className="text-center">
        <p>Ошибка при загрузке одобренных заявок</p>
        <Button variant="outline" className="mt-2" onClick={retry}>
          Попробовать снова
        </Button>
      </div>
    );
  }
  if (empty) return <EmptyNote>Одобренных заявок пока нет</EmptyNote>;
  return null;
}

/** The pager under a list of approved applications, which an application withdrawn elsewhere shortens. */
function Pages({
  page,
  totalCount,
  onPageChange,
}: {
  page: number;
  totalCount: number | undefined;
  onPageChange: (page: number) => void;
}) {
  const totalPages = usePagesOf(totalCount, approvedApplicationsPageSize, page, onPageChange);
  return (
    <div className="mt-4">
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}

/** When and where the event of an application takes place. */
function EventWhen({
  event,
}: {
  event: { date: string; startTime: string; endTime: string; location: string };
}) {
  return (
    <p className="text-sm text-muted-foreground">
      {formatDateRu(event.date)}, {event.startTime}–{event.endTime} · {event.location}
    </p>
  );
}

/** A page of approved applications: its count, its loading, failure and empty states, and its pager. */
function ApprovedApplications<T extends { id: number }>({
  list,
  page,
  onPageChange,
  children,
}: {
  list: {
    data: { items: T[]; totalCount: number } | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  page: number;
  onPageChange: (page: number) => void;
  children: (application: T) => ReactNode;
}) {
  const { data } = list;
  return (
    <Page title="Одобренные заявки" count={data?.totalCount}>
      <LoadState
        isPending={list.isPending}
        isError={list.isError}
        retry={() => void list.refetch()}
        empty={data?.totalCount === 0}
      />
      <ul className="space-y-3">
        {data?.items.map((application) => (
          <li key={application.id} className="rounded-xl border border-border bg-card p-4">
            {children(application)}
          </li>
        ))}
      </ul>
      <Pages page={page} totalCount={data?.totalCount} onPageChange={onPageChange} />
    </Page>
  );
}

/** /foundation-approved-applications: who is coming, with how to reach them. */
export function FoundationApprovedApplicationsPage() {
  const [page, setPage] = useState(1);
  return (
    <ApprovedApplications
      list={useApprovedApplications('foundation', page)}
      page={page}
      onPageChange={setPage}
    >
      {(application) => (
        <>
          <p className="font-semibold">{application.event.title}</p>
          <EventWhen event={application.event} />
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            <Field label="Одобрена" value={formatMomentDateTime(application.approvedAt)} />
            <Field
              label="Участников"
              value={approvedInPartText(application) ?? application.participantCount}
            />
            <Field label="Школа" value={application.school.fullName || application.school.username} />
            <Field
              label="Тип школы"
              value={orNotSpecified(
                application.school.schoolType
                  ? schoolTypeLabels[application.school.schoolType as 'state' | 'private']
                  : null,
              )}
            />
          </dl>
          {application.parentalConsentAt ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {parentalConsentText(application.parentalConsentAt)}
            </p>
          ) : null}
          <h2 className="mt-3 font-medium">{applicationTexts.contacts.forEvent}</h2>
          <ContactList className="mt-1" columns={2} contacts={applicationContacts(application)} />
          <h2 className="mt-3 font-medium">{applicationTexts.contacts.school}</h2>
          <ContactList
            className="mt-1"
            columns={2}
            showMissing
            contacts={[
              { kind: 'person', value: application.school.contactPerson },
              { kind: 'phone', value: application.school.phone },
              { kind: 'email', value: application.school.email },
              { kind: 'address', value: application.school.address },
            ]}
          />
          {application.applicationNote ? (
            <p className="mt-2 text-sm">Сообщение: {application.applicationNote}</p>
          ) : null}
        </>
      )}
    </ApprovedApplications>
  );
}

/** /school-approved-applications: the events the school goes to, with the foundation's contacts. */
export function SchoolApprovedApplicationsPage() {
  const [page, setPage] = useState(1);
  return (
    <ApprovedApplications list={useApprovedApplications('school', page)} page={page} onPageChange={setPage}>
      {(application) => (
        <>
          <Link to={`/events/${application.event.id}`} className="font-semibold hover:underline">
            {application.event.title}
          </Link>
          <EventWhen event={application.event} />
          {approvedInPartText(application) ? (
            <p className="mt-2 text-sm font-medium">{approvedInPartText(application)}</p>
          ) : null}
          <p className="mt-2 text-sm">{application.event.description}</p>
          <h2 className="mt-3 font-medium">{application.foundation.name}</h2>
          {application.foundation.description ? (
            <p className="text-sm text-muted-foreground">{application.foundation.description}</p>
          ) : null}
          <ContactList
            className="mt-2"
            columns={2}
            showMissing
            contacts={[
              { kind: 'person', value: application.foundation.contactPerson },
              { kind: 'phone', value: application.foundation.phone },
              { kind: 'email', value: application.foundation.email },
              { kind: 'address', value: application.foundation.address },
              { kind: 'website', value: application.foundation.website },
            ]}
          />
          <h3 className="mt-3 font-medium">{applicationTexts.contacts.ours}</h3>
          <ContactList
            className="mt-1"
            columns={2}
            contacts={[
              { kind: 'person', value: application.contactPerson },
              { kind: 'phone', value: application.contactPhone },
              { kind: 'email', value: application.contactEmail },
            ]}
          />
          {application.applicationNote ? (
            <p className="mt-2 text-sm">Наше сообщение: {application.applicationNote}</p>
          ) : null}
          <div className="mt-3">
            <DownloadPdfButton
              label={printoutTexts.tripSheet.button}
              failed={printoutTexts.tripSheet.failed}
              download={() => downloadTripSheet(application.id)}
            />
          </div>
        </>
      )}
    </ApprovedApplications>
  );
}
