import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { schoolTypeLabels } from '../../../shared/catalog';
import { formatDateRu, formatDateTimeRu } from '../../../shared/dates';
import { BackLink } from '../../components/back-link';
import { EmptyNote } from '../../components/empty-note';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useFoundationApprovedApplications, useSchoolApprovedApplications } from './api';

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
      <dd className="break-words">{value}</dd>
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
  if (isPending) return <Spinner />;
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

/** /foundation-approved-applications: who is coming, with how to reach them. */
export function FoundationApprovedApplicationsPage() {
  const { data, isPending, isError, refetch } = useFoundationApprovedApplications();
  return (
    <Page title="Одобренные заявки" count={data?.length}>
      <LoadState
        isPending={isPending}
        isError={isError}
        retry={() => void refetch()}
        empty={data?.length === 0}
      />
      <ul className="space-y-3">
        {data?.map((application) => (
          <li key={application.id} className="rounded-xl border border-border bg-card p-4">
            <p className="font-semibold">{application.event.title}</p>
            <p className="text-sm text-muted-foreground">
              {formatDateRu(application.event.date)}, {application.event.startTime}–
              {application.event.endTime} · {application.event.location}
            </p>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              <Field label="Одобрена" value={formatDateTimeRu(application.approvedAt)} />
              <Field label="Участников" value={application.participantCount} />
              <Field label="Школа" value={application.school.fullName || application.school.username} />
              <Field
                label="Тип школы"
                value={orNotSpecified(
                  application.school.schoolType
                    ? schoolTypeLabels[application.school.schoolType as 'state' | 'private']
                    : null,
                )}
              />
              <Field label="Адрес школы" value={orNotSpecified(application.school.address)} />
              <Field label="Контактное лицо" value={application.contactPerson} />
              <Field label="Телефон" value={orNotSpecified(application.contactPhone)} />
              <Field label="E-mail" value={orNotSpecified(application.contactEmail)} />
              <Field label="Основной e-mail школы" value={orNotSpecified(application.school.email)} />
              <Field label="Основной телефон школы" value={orNotSpecified(application.school.phone)} />
            </dl>
            {application.applicationNote ? (
              <p className="mt-2 text-sm">Сообщение: {application.applicationNote}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** /school-approved-applications: the events the school goes to, with the foundation's contacts. */
export function SchoolApprovedApplicationsPage() {
  const { data, isPending, isError, refetch } = useSchoolApprovedApplications();
  return (
    <Page title="Одобренные заявки" count={data?.length}>
      <LoadState
        isPending={isPending}
        isError={isError}
        retry={() => void refetch()}
        empty={data?.length === 0}
      />
      <ul className="space-y-3">
        {data?.map((application) => (
          <li key={application.id} className="rounded-xl border border-border bg-card p-4">
            <Link to={`/events/${application.event.id}`} className="font-semibold hover:underline">
              {application.event.title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {formatDateRu(application.event.date)}, {application.event.startTime}–
              {application.event.endTime} · {application.event.location}
            </p>
            <p className="mt-2 text-sm">{application.event.description}</p>
            <h2 className="mt-3 font-medium">{application.foundation.name}</h2>
            {application.foundation.description ? (
              <p className="text-sm text-muted-foreground">{application.foundation.description}</p>
            ) : null}
            <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2">
              <Field
                label="Контактное лицо фонда"
                value={orNotSpecified(application.foundation.contactPerson)}
              />
              <Field label="Телефон фонда" value={orNotSpecified(application.foundation.phone)} />
              <Field label="E-mail фонда" value={orNotSpecified(application.foundation.email)} />
              <Field label="Адрес фонда" value={orNotSpecified(application.foundation.address)} />
              <Field
                label="Сайт"
                value={
                  application.foundation.website ? (
                    <a
                      href={application.foundation.website}
                      target="_blank"
                      rel="noreferrer"
                      className="text-primary hover:underline dark:text-green-400"
                    >
                      {application.foundation.website}
                    </a>
                  ) : (
                    'не указано'
                  )
                }
              />
              <Field label="Наше контактное лицо" value={application.contactPerson} />
              <Field label="Наш телефон" value={orNotSpecified(application.contactPhone)} />
              <Field label="Наш e-mail" value={orNotSpecified(application.contactEmail)} />
            </dl>
            {application.applicationNote ? (
              <p className="mt-2 text-sm">Наше сообщение: {application.applicationNote}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Page>
  );
}
