import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminStats, adminPageSize } from '../../../shared/admin';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';

/** Every query of the panel starts with this key, so a deletion refreshes counters and lists at once. */
export const adminKey = ['admin'] as const;

export function useAdminStats() {
  return useQuery({
    queryKey: [...adminKey, 'stats'],
    queryFn: () => apiRequest<AdminStats>('GET', '/api/admin/stats'),
    staleTime: 0,
  });
}

export type AdminResource = 'users' | 'events' | 'registrations' | 'reports';

export interface AdminPage<T> {
  items: T[];
  totalCount: number;
}

/** One page of an administrator list; filters left empty are not sent. */
export function useAdminList<T>(resource: AdminResource, filters: Record<string, string>, page: number) {
  return useQuery({
    queryKey: [...adminKey, resource, filters, page],
    queryFn: async (): Promise<AdminPage<T>> => {
      const params = new URLSearchParams({ page: String(page), limit: String(adminPageSize) });
      for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
      const { data, headers } = await apiRequestWithHeaders<T[]>('GET', `/api/admin/${resource}?${params}`);
      return { items: data, totalCount: Number(headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Deletes a user, an event or an application; everything the panel shows is read again. */
export function useAdminDelete(resource: Exclude<AdminResource, 'reports'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/admin/${resource}/${id}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey }),
  });
}
