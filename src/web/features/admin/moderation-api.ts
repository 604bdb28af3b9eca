import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPageSize, type ModerationItem, type ModerationListQuery } from '../../../shared/admin';
import type { ModerationDecision } from '../../../shared/moderation';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import { adminKey } from './api';

export type ModerationStatusFilter = ModerationListQuery['status'];
export type OrganisationTypeFilter = ModerationListQuery['type'];

export interface ModerationPage {
  items: ModerationItem[];
  totalCount: number;
}

const moderationKey = [...adminKey, 'moderation'] as const;

/** One page (20 items) of organisations for moderation, pending first. */
export function useModerationList(
  status: ModerationStatusFilter,
  type: OrganisationTypeFilter,
  page: number,
) {
  return useQuery({
    queryKey: [...moderationKey, { status, type }, page],
    queryFn: async (): Promise<ModerationPage> => {
      const params = new URLSearchParams({ status, type, page: String(page), limit: String(adminPageSize) });
      const { data, headers } = await apiRequestWithHeaders<ModerationItem[]>(
        'GET',
        `/api/admin/organizations/moderation?${params}`,
      );
      return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? data.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Records a decision on the organisation of account `userId`; the list and the counters are read again. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision }: { userId: number; decision: ModerationDecision }) =>
      apiRequest<{ message: string }>('PATCH', `/api/admin/organizations/${userId}/moderate`, decision),
    // Not awaited: the decided organisation may leave the filtered list, and the caller's toast must
    // run before its card (and the dialog inside it) unmounts.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moderationKey });
      void queryClient.invalidateQueries({ queryKey: [...adminKey, 'stats'] });
    },
  });
}
