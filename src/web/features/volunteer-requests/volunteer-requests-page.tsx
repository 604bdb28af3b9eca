import { CalendarDays, MapPin, Plus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import { emptyFoundationFilters, volunteerRequestsAddress } from '../../../shared/list-addresses';
import type { VolunteerRequestListItem } from '../../../shared/volunteer-requests';
import { foundationListQuery, useFoundationList } from '../../api/foundation-list';
import { useCurrentUser } from '../../api/session';
import { EmptyNote } from '../../components/empty-note';
import { LoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import type { PageLoad } from '../../lib/page-load';
import { useListAddress } from '../../lib/use-list-address';
import { useVolunteerRequestPage, volunteerRequestPageQuery } from './api/volunteer-request-page';
import { RequestStatusBadge } from './request-status-badge';
import { requestTexts as t } from './texts';

const pageSize = 12;

function RequestCard({ item }: { item: VolunteerRequestListItem }) {
  const { request } = item;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-lg font-semibold">
          <Link to={`/volunteer-requests/${request.id}`} className="hover:underline">
            {request.title}
          </Link>
        </h2>
        <RequestStatusBadge status={request.status} />
      </div>
      <p className="text-sm text-muted-foreground">{item.foundation.name}</p>
      <p className="line-clamp-3 text-sm">{request.description}</p>
      <ul className="mt-auto space-y-1 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {formatDateRu(request.eventDate)}, {request.eventTime}
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {request.location}
        </li>
        <li className="flex items-center gap-2">
          <Users aria-hidden className="size-4 shrink-0" />
          {t.volunteersNeeded(request.volunteersNeeded)} · {t.responsesCount(item.responsesCount)}
        </li>
      </ul>
      <Button asChild variant="outline" className="w-full">
        <Link to={`/volunteer-requests/${request.id}`} aria-label={`${t.details}: ${request.title}`}>
          {t.details}
        </Link>
      </Button>
    </li>
  );
}

/** The list of the foundations the filter offers. */
const foundationChoices = [emptyFoundationFilters, 1, 100] as const;

/** /volunteer-requests: every open request first, filterable by foundation; foundations may create. */
export function VolunteerRequestsPage() {
  usePageHead({ title: t.listTitle, description: t.listSubtitle });
  const { data: user } = useCurrentUser();
  const [list, changeList] = useListAddress(volunteerRequestsAddress);
  const { filters, page } = list;
  const { data, isPending, isError, refetch } = useVolunteerRequestPage(filters, page, pageSize);
  const { data: foundationList } = useFoundationList(...foundationChoices);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{t.listTitle}</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t.listSubtitle}</p>
        </div>
        {user?.role === 'foundation' ? (
          <Button asChild>
            <Link to="/dashboard/create-request">
              <Plus aria-hidden />
              {t.create}
            </Link>
          </Button>
        ) : null}
      </div>

      <div className="mb-6 max-w-sm space-y-1.5">
        <label htmlFor="request-foundation" className="block text-sm font-medium">
          {t.foundationFilter}
        </label>
        <Select
          id="request-foundation"
          value={filters.foundationId ?? ''}
          onChange={(event) =>
            changeList({
              filters: { foundationId: event.target.value ? Number(event.target.value) : undefined },
              page: 1,
            })
          }
        >
          <option value="">{t.allFoundations}</option>
          {foundationList?.foundations.map((foundation) => (
            <option key={foundation.id} value={foundation.id}>
              {foundation.name}
            </option>
          ))}
        </Select>
      </div>

      {isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError text={t.loadFailed} onRetry={() => void refetch()} />
      ) : data.totalCount === 0 ? (
        <EmptyNote>{t.empty}</EmptyNote>
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-muted-foreground">{t.shown(data.items.length, data.totalCount)}</p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((item) => (
              <RequestCard key={item.request.id} item={item} />
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={Math.ceil(data.totalCount / pageSize)}
            onPageChange={(next) => changeList({ filters, page: next })}
          />
        </div>
      )}
    </div>
  );
}

export const loadVolunteerRequestsPage: PageLoad = ({ searchParams, queryClient }) => {
  const { filters, page } = volunteerRequestsAddress.read(searchParams);
  return Promise.all([
    queryClient.ensureQueryData(volunteerRequestPageQuery(filters, page, pageSize)),
    queryClient.ensureQueryData(foundationListQuery(...foundationChoices)),
  ]);
};
