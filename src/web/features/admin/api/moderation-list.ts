import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationItem, ModerationListQuery } from '../../../../shared/admin';
import { adminPageSize } from '../../../../shared/admin-lists';
import { type CountedPage, fetchCountedPage } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export type ModerationStatusFilter = ModerationListQuery['status'];
export type OrganisationTypeFilter = ModerationListQuery['type'];

export async function fetchModerationList(
  status: ModerationStatusFilter,
  type: OrganisationTypeFilter,
  page: number,
): Promise<CountedPage<ModerationItem>> {
  const params = new URLSearchParams({ status, type, page: String(page), limit: String(adminPageSize) });
  return fetchCountedPage<ModerationItem>(`/api/admin/organizations/moderation?${params}`);
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
