import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationItem, ModerationListQuery } from '../../../../shared/admin';
import { adminPageSize } from '../../../../shared/admin-lists';
import { apiRequestWithHeaders } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import type { AdminListPage } from './admin-list';

export type ModerationStatusFilter = ModerationListQuery['status'];
export type OrganisationTypeFilter = ModerationListQuery['type'];

export async function fetchModerationList(
  status: ModerationStatusFilter,
  type: OrganisationTypeFilter,
  page: number,
): Promise<AdminListPage<ModerationItem>> {
  const params = new URLSearchParams({ status, type, page: String(page), limit: String(adminPageSize) });
  const { data, headers } = await apiRequestWithHeaders<ModerationItem[]>(
    'GET',
    `/api/admin/organizations/moderation?${params}`,
  );
  return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? data.length) };
}

const everyModerationPage = [...queryFamilies.admin, 'moderation'] as const;

/** One page (20 items) of organisations for moderation, pending first; `.all` is every page. */
export const moderationListQuery = Object.assign(
  (status: ModerationStatusFilter, type: OrganisationTypeFilter, page: number) =>
    queryOptions({
      queryKey: [...everyModerationPage, { status, type }, page],
      queryFn: () => fetchModerationList(status, type, page),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  { all: everyModerationPage },
);

export function useModerationList(
  status: ModerationStatusFilter,
  type: OrganisationTypeFilter,
  page: number,
) {
  return useQuery(moderationListQuery(status, type, page));
}
