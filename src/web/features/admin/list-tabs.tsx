import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { AdminApplication, AdminEvent, AdminReport, AdminUser } from '../../../shared/admin';
import { adminPageSize } from '../../../shared/admin-lists';
import { applicationStatuses, eventStatusLabels } from '../../../shared/catalog';
import { formatDateRu } from '../../../shared/dates';
import { exportTitles } from '../../../shared/export-words';
import { roles } from '../../../shared/roles';
import { errorText } from '../../api/client';
import { exportAddresses } from '../../api/export-addresses';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { ExportButtons } from '../../components/export-buttons';
import { LoadError } from '../../components/load-error';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { toast } from '../../components/ui/toast';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { type AdminResource, useAdminList } from './api/admin-list';
import { useAdminDelete } from './api/delete-admin-record';
import { FilterSelect } from './filter-select';
import { adminTexts as t } from './texts';

/** A search box that applies 300 ms after typing stops, or at once on Enter. */
function SearchBox({ id, hint, onSearch }: { id: string; hint: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout>>();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {t.search}
      </label>
      <Input
        id={id}
        type="search"
        placeholder={hint}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer);
          setTimer(setTimeout(() => onSearch(next.trim()), 300));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            clearTimeout(timer);
            onSearch(text.trim());
          }
        }}
      />
    </div>
  );
}

type ListFilters = Record<string, string>;

/** Filters and page of one list; a change of filter goes back to page 1. */
function useListState(initial: ListFilters) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = (name: string, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  return { filters, page, setPage, setFilter };
}

/**
 * The frame every list tab shares: filters, the count, the items, the pages. A list without filters
 * (the reports) has no spreadsheet either.
 */
function AdminList<T>({
  resource,
  initialFilters = {},
  filters,
  children,
}: {
  resource: AdminResource;
  initialFilters?: ListFilters;
  filters?: (state: { filters: ListFilters; setFilter: (name: string, value: string) => void }) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  const state = useListState(initialFilters);
  const { data, isPending, isError, refetch } = useAdminList<T>(resource, state.filters, state.page);
  // The list as a spreadsheet, with the filters shown (issue 25).
  const exported = resource === 'reports' ? undefined : resource;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{t.tabs[resource]}</h2>
      {filters ? <div className="grid gap-3 sm:grid-cols-2">{filters(state)}</div> : null}
      {exported ? (
        <ExportButtons
          label={exportTitles[exported]}
          fileTitle={exportTitles[exported]}
          addressOf={(format) => exportAddresses.admin(exported, format, state.filters)}
        />
      ) : null}
      {isPending ? (
        <ListSkeleton rows={adminPageSize} rowClassName="h-16" />
      ) : isError ? (
        <LoadError text={t.loadFailed} onRetry={() => void refetch()} />
      ) : data.totalCount === 0 ? (
        <EmptyNote>{t.empty}</EmptyNote>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t.shown(data.items.length, data.totalCount)}</p>
          <ul className="divide-y divide-border">{data.items.map(children)}</ul>
          <Pagination
            page={state.page}
            totalPages={Math.ceil(data.totalCount / adminPageSize)}
            onPageChange={state.setPage}
          />
        </>
      )}
    </Card>
  );
}

/** Deletes one record after the question and warning of its kind; `name` says which record it is. */
function DeleteButton({
  resource,
  id,
  name,
}: {
  resource: 'users' | 'events' | 'applications';
  id: number;
  name: string;
}) {
  const remove = useAdminDelete(resource);
  const { confirm, warning } = t[resource];
  const title = typeof confirm === 'string' ? confirm : confirm(name);
  return (
    <ConfirmDialog
      title={title}
      description={warning}
      confirmText={t.delete}
      destructive
      trigger={
        <Button variant="outline" size="icon" aria-label={`${t.delete}: ${name}`} disabled={remove.isPending}>
          <Trash2 aria-hidden />
        </Button>
      }
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => toast({ title: t.deleted }),
          onError: (error) =>
            toast({ title: 'Ошибка', description: errorText(error, t.deleteFailed), variant: 'destructive' }),
        })
      }
    />
  );
}

/** A filter's choices after 'all', which the API reads as no filter. */
const withAll = (options: { value: string; label: string }[]) => [{ value: '', label: t.all }, ...options];

const rowClass = 'flex flex-wrap items-start justify-between gap-3 py-3';

export function AdminUsersTab() {
  return (
    <AdminList<AdminUser>
      resource="users"
      initialFilters={{ search: '', role: '' }}
      filters={({ filters, setFilter }) => (
        <>
          <SearchBox
            id="admin-user-search"
            hint={t.searchUsersHint}
            onSearch={(text) => setFilter('search', text)}
          />
          <FilterSelect
            id="admin-user-role"
            label={t.roleFilter}
            value={filters.role ?? ''}
            options={withAll(roles.map((role) => ({ value: role, label: t.roleLabels[role] })))}
            onChange={(value) => setFilter('role', value)}
          />
        </>
      )}
    >
      {(user) => (
        <li key={user.id} className={rowClass}>
          <div className="min-w-0">
            <p className="font-medium break-words">{user.fullName || user.username}</p>
            <p className="text-sm text-muted-foreground">
              {user.username} · {t.roleLabels[user.role]} · {formatMomentDateTime(user.createdAt)}
            </p>
            <ContactList
              className="mt-1"
              columns={2}
              contacts={[
                { kind: 'email', value: user.email },
                { kind: 'phone', value: user.phone },
              ]}
            />
            {user.role !== 'admin' && !user.isProfileComplete ? (
              <p className="text-sm text-muted-foreground">{t.users.profileIncomplete}</p>
            ) : null}
          </div>
          {user.role === 'admin' ? (
            <span className="text-sm text-muted-foreground">{t.users.adminProtected}</span>
          ) : (
            <DeleteButton resource="users" id={user.id} name={user.username} />
          )}
        </li>
      )}
    </AdminList>
  );
}

export function AdminEventsTab() {
  return (
    <AdminList<AdminEvent>
      resource="events"
      initialFilters={{ search: '' }}
      filters={({ setFilter }) => (
        <SearchBox
          id="admin-event-search"
          hint={t.searchEventsHint}
          onSearch={(text) => setFilter('search', text)}
        />
      )}
    >
      {(event) => (
        <li key={event.id} className={rowClass}>
          <div className="min-w-0">
            <Link to={`/events/${event.id}`} className="font-medium break-words hover:underline">
              {event.title}
            </Link>
            <p className="text-sm text-muted-foreground">
              {formatDateRu(event.date)} · {event.foundationName} · {eventStatusLabels[event.status]}
            </p>
            <p className="text-sm text-muted-foreground">
              {t.events.places(event.reservedSlots, event.totalSlots)} ·{' '}
              {t.events.applications(event.applicationsCount)}
            </p>
          </div>
          <DeleteButton resource="events" id={event.id} name={event.title} />
        </li>
      )}
    </AdminList>
  );
}

export function AdminApplicationsTab() {
  return (
    <AdminList<AdminApplication>
      resource="applications"
      initialFilters={{ status: '' }}
      filters={({ filters, setFilter }) => (
        <FilterSelect
          id="admin-application-status"
          label={t.statusFilter}
          value={filters.status ?? ''}
          options={withAll(
            applicationStatuses.map((status) => ({
              value: status,
              label: t.applicationStatusLabels[status],
            })),
          )}
          onChange={(value) => setFilter('status', value)}
        />
      )}
    >
      {(application) => {
        const school = application.school.name || application.school.username;
        return (
          <li key={application.id} className={rowClass}>
            <div className="min-w-0">
              <p className="font-medium break-words">
                {school} → {application.event.title}
              </p>
              <p className="text-sm text-muted-foreground">
                {formatDateRu(application.event.date)} · {application.foundationName} ·{' '}
                {t.applications.participants(application.participantCount)} ·{' '}
                {t.applicationStatusLabels[application.status]}
              </p>
            </div>
            <DeleteButton
              resource="applications"
              id={application.id}
              name={`${school}, ${application.event.title}`}
            />
          </li>
        );
      }}
    </AdminList>
  );
}

export function AdminReportsTab() {
  return (
    <AdminList<AdminReport> resource="reports">
      {(report) => (
        <li key={report.id} className="py-3">
          <p className="font-medium break-words">{report.eventTitle}</p>
          <p className="text-sm text-muted-foreground">
            {formatDateRu(report.eventDate)} · {t.reports.volunteers(report.volunteersCount)} ·{' '}
            {report.foundationName || report.foundationUsername} ({report.foundationUsername})
          </p>
          {report.additionalInfo ? (
            <p className="mt-1 text-sm break-words whitespace-pre-line">{report.additionalInfo}</p>
          ) : null}
        </li>
      )}
    </AdminList>
  );
}
