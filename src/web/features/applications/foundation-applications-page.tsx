import { clsx } from 'clsx';
import { useState } from 'react';
import type { FoundationApplication } from '../../../shared/applications';
import { formatDateRu } from '../../../shared/dates';
import { exportTitles } from '../../../shared/export-words';
import { errorText } from '../../api/client';
import { exportAddresses } from '../../api/export-addresses';
import { BackLink } from '../../components/back-link';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { ExportButtons } from '../../components/export-buttons';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { toast } from '../../components/ui/toast';
import { useDecideApplication } from './api/decide-application';
import {
  type ApplicationFilter,
  foundationApplicationsPageSize,
  useFoundationApplications,
} from './api/foundation-applications';
import { applicationContacts } from './application-contacts';
import { ApplicationNoteLines } from './application-note-lines';
import { ApproveApplicationButton } from './approve-application';
import { applicationPageTitles, applicationTexts, attendanceTexts } from './texts';

const filterTexts = applicationTexts.foundationApplications.filters;
// Pending first: the applications waiting for a decision are what the page is opened for.
const filterOrder: ApplicationFilter[] = [
  'pending',
  'approved',
  'waitlisted',
  'rejected',
  'completed',
  'all',
];
const filters = filterOrder.map((value) => ({ value, ...filterTexts[value] }));
const statusLabels = applicationTexts.foundationApplications.statusBadge;

function RejectDialog({ application, onClose }: { application: FoundationApplication; onClose: () => void }) {
  const decide = useDecideApplication();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Отклонить заявку"
        description={`${application.school.fullName || application.school.username} · ${application.event.title}`}
      >
        <FormField label="Причина отказа">
          <Textarea value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Отменить</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={reason.trim() === '' || decide.isPending}
            onClick={() =>
              decide.mutate(
                { id: application.id, action: 'reject', rejectionReason: reason },
                {
                  onSuccess: () => {
                    toast({ title: 'Заявка отклонена' });
                    onClose();
                  },
                  onError: (error) =>
                    toast({
                      title: 'Ошибка',
                      description: errorText(error, 'Не удалось отклонить заявку'),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            Отклонить
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ApplicationItem({ application }: { application: FoundationApplication }) {
  const [rejecting, setRejecting] = useState(false);
  const school = application.school;
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{application.event.title}</p>
          <p className="text-sm text-muted-foreground">
            {formatDateRu(application.event.date)}, {application.event.startTime}–{application.event.endTime}{' '}
            · {application.event.location}
          </p>
        </div>
        <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
          {statusLabels[application.status]}
        </span>
      </div>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Школа</dt>
          <dd>
            {school.fullName || school.username}{' '}
            <span className="text-muted-foreground">({school.username})</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Участников</dt>
          <dd>{application.participantCount}</dd>
        </div>
        {application.attendedCount === null ? null : (
          <div>
            <dt className="text-muted-foreground">{attendanceTexts.label}</dt>
            <dd>{attendanceTexts.of(application.attendedCount, application.participantCount)}</dd>
          </div>
        )}
      </dl>
      <ApplicationNoteLines application={application} />
      <ContactList
        className="mt-2"
        columns={2}
        contacts={[
          ...applicationContacts(application),
          { kind: 'person', label: applicationTexts.schoolContactPerson, value: school.contactPerson },
        ]}
      />
      {application.applicationNote ? (
        <p className="mt-2 text-sm">Сообщение: {application.applicationNote}</p>
      ) : null}
      {application.rejectionReason ? (
        <p className="mt-2 text-sm text-muted-foreground">Причина отказа: {application.rejectionReason}</p>
      ) : null}
      {application.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <ApproveApplicationButton application={application} />
          <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
            Отклонить
          </Button>
        </div>
      ) : null}
      {rejecting ? <RejectDialog application={application} onClose={() => setRejecting(false)} /> : null}
    </li>
  );
}

/** /foundation-applications: applications to the foundation's events, ten per page. */
export function FoundationApplicationsPage() {
  usePageHead({ title: applicationPageTitles.foundationApplications });
  const [filter, setFilter] = useState<ApplicationFilter>('pending');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useFoundationApplications(filter, page);
  const empty = filters.find((item) => item.value === filter)?.empty ?? '';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <BackLink to="/dashboard">Назад в личный кабинет</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Заявки школ</h1>
      {/* The line keeps its place while the counts load, so the filters below it do not jump. */}
      <p className="mt-1 min-h-6 text-muted-foreground">
        {data ? `Всего: ${data.total} · Ожидают решения: ${data.pendingCount}` : null}
      </p>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">Фильтр по статусу</legend>
        {filters.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={filter === item.value}
            onClick={() => {
              setFilter(item.value);
              setPage(1);
            }}
            className={clsx(
              'rounded-full border px-3 py-1.5 text-sm',
              filter === item.value
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border hover:bg-muted',
            )}
          >
            {item.label}
          </button>
        ))}
      </fieldset>
      <div className="mt-4">
        <ExportButtons
          label={exportTitles.foundationApplications}
          fileTitle={exportTitles.foundationApplications}
          addressOf={(format) => exportAddresses.foundationApplications(format, filter)}
        />
      </div>
      <div className="mt-6">
        {isPending ? (
          <ListSkeleton
            rows={foundationApplicationsPageSize}
            rowClassName="h-72 sm:h-56"
            label="Загрузка заявок…"
          />
        ) : isError ? (
          <div role="alert" className="text-center">
            <p>Ошибка при загрузке заявок</p>
            <Button variant="outline" className="mt-2" onClick={() => void refetch()}>
              Попробовать снова
            </Button>
          </div>
        ) : data.applications.length === 0 ? (
          <EmptyNote>{empty}</EmptyNote>
        ) : (
          <div className="space-y-4">
            <ul className="space-y-3">
              {data.applications.map((application) => (
                <ApplicationItem key={application.id} application={application} />
              ))}
            </ul>
            <p className="text-center text-sm text-muted-foreground">
              Показано {data.applications.length} из {data.total} · Страница {data.page} из {data.totalPages}
            </p>
            <div className="flex justify-center gap-2">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Назад
              </Button>
              <Button variant="outline" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
                Вперёд
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
