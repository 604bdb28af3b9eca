import type { UseQueryResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { AdminEvent, AdminRegistration, AdminReport, AdminUser } from '../../../shared/admin';
import { adminPageSize } from '../../../shared/admin-lists';
import { eventStatusLabels, registrationStatuses } from '../../../shared/catalog';
import { formatDateRu } from '../../../shared/dates';
import { exportTitles } from '../../../shared/export-words';
import { roles } from '../../../shared/roles';
import { type CountedPage, errorText } from '../../api/client';
import { exportAddresses } from '../../api/export-addresses';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { ExportButtons } from '../../components/export-buttons';
import { LoadError } from '../../components/load-error';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Select } from '../../components/ui/input';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { toast } from '../../components/ui/toast';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { useAdminList } from './api/admin-list';
import { useAdminDelete } from './api/delete-admin-record';
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

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** The frame every list tab shares: filters, the count, the items, the pages. */
function ListSection<T>({
  title,
  filters,
  exportList,
  query,
  page,
  onPage,
  children,
}: {
  title: string;
  filters?: ReactNode;
  /** The list as a spreadsheet, with the filters shown (issue 25). */
  exportList?: { list: 'users' | 'events' | 'registrations'; filters: Record<string, string> };
  query: UseQueryResult<CountedPage<T>>;
  page: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = query;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {filters ? <div className="grid gap-3 sm:grid-cols-2">{filters}</div> : null}
      {exportList ? (
        <ExportButtons
          label={exportTitles[exportList.list]}
          fileTitle={exportTitles[exportList.list]}
          addressOf={(format) => exportAddresses.admin(exportList.list, format, exportList.filters)}
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
            page={page}
            totalPages={Math.ceil(data.totalCount / adminPageSize)}
            onPageChange={onPage}
          />
        </>
      )}
    </Card>
  );
}

function DeleteButton({
  resource,
  id,
  name,
  title,
  warning,
}: {
  resource: 'users' | 'events' | 'registrations';
  id: number;
  name: string;
  title: string;
  warning: string;
}) {
  const remove = useAdminDelete(resource);
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

/** Filters and page of one list; a change of filter goes back to page 1. */
function useListState(initial: Record<string, string>) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const setFilter = (name: string, value: string) => {
    setFilters((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  return { filters, page, setPage, setFilter };
}

const rowClass = 'flex flex-wrap items-start justify-between gap-3 py-3';

export function AdminUsersTab() {
  const state = useListState({ search: '', role: '' });
  const query = useAdminList<AdminUser>('users', state.filters, state.page);
  return (
    <ListSection
      title={t.tabs.users}
      exportList={{ list: 'users', filters: state.filters }}
      query={query}
      page={state.page}
      onPage={state.setPage}
      filters={
        <>
          <SearchBox
            id="admin-user-search"
            hint={t.searchUsersHint}
            onSearch={(text) => state.setFilter('search', text)}
          />
          <FilterSelect
            id="admin-user-role"
            label={t.roleFilter}
            value={state.filters.role ?? ''}
            options={roles.map((role) => ({ value: role, label: t.roleLabels[role] }))}
            onChange={(value) => state.setFilter('role', value)}
          />
        </>
      }
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
            <DeleteButton
              resource="users"
              id={user.id}
              name={user.username}
              title={t.users.confirm(user.username)}
              warning={t.users.warning}
            />
          )}
        </li>
      )}
    </ListSection>
  );
}

export function AdminEventsTab() {
  const state = useListState({ search: '' });
  const query = useAdminList<AdminEvent>('events', state.filters, state.page);
  return (
    <ListSection
      title={t.tabs.events}
      exportList={{ list: 'events', filters: state.filters }}
      query={query}
      page={state.page}
      onPage={state.setPage}
      filters={
        <SearchBox
          id="admin-event-search"
          hint={t.searchEventsHint}
          onSearch={(text) => state.setFilter('search', text)}
        />
      }
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
          <DeleteButton
            resource="events"
            id={event.id}
            name={event.title}
            title={t.events.confirm(event.title)}
            warning={t.events.warning}
          />
        </li>
      )}
    </ListSection>
  );
}

export function AdminRegistrationsTab() {
  const state = useListState({ status: '' });
  const query = useAdminList<AdminRegistration>('registrations', state.filters, state.page);
  return (
    <ListSection
      title={t.tabs.registrations}
      exportList={{ list: 'registrations', filters: state.filters }}
      query={query}
      page={state.page}
      onPage={state.setPage}
      filters={
        <FilterSelect
          id="admin-registration-status"
          label={t.statusFilter}
          value={state.filters.status ?? ''}
          options={registrationStatuses.map((status) => ({
            value: status,
            label: t.registrationStatusLabels[status],
          }))}
          onChange={(value) => state.setFilter('status', value)}
        />
      }
    >
      {(registration) => {
        const school = registration.school.name || registration.school.username;
        return (
          <li key={registration.id} className={rowClass}>
            <div className="min-w-0">
              <p className="font-medium break-words">
                {school} → {registration.event.title}
              </p>
              <p className="text-sm text-muted-foreground">
                {formatDateRu(registration.event.date)} · {registration.foundationName} ·{' '}
                {t.registrations.participants(registration.participantCount)} ·{' '}
                {t.registrationStatusLabels[registration.status]}
              </p>
            </div>
            <DeleteButton
              resource="registrations"
              id={registration.id}
              name={`${school}, ${registration.event.title}`}
              title={t.registrations.confirm}
              warning={t.registrations.warning}
            />
          </li>
        );
      }}
    </ListSection>
  );
}

export function AdminReportsTab() {
  const state = useListState({});
  const query = useAdminList<AdminReport>('reports', state.filters, state.page);
  return (
    <ListSection title={t.tabs.reports} query={query} page={state.page} onPage={state.setPage}>
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
    </ListSection>
  );
}
