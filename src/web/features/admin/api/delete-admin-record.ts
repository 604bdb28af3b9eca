import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';
import type { AdminResource } from './admin-list';

export type DeletableAdminResource = Exclude<AdminResource, 'reports'>;

export const deleteAdminRecord = (resource: DeletableAdminResource, id: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/admin/${resource}/${id}`);

/** Deletes a user, an event or an application; everything the panel shows is read again. */
export function useAdminDelete(resource: DeletableAdminResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAdminRecord(resource, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryFamilies.admin }),
  });
}
