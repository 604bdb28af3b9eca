import { useMutation } from '@tanstack/react-query';
import type { AdminNewsItem, AdminNewsValues } from '../../../../shared/admin-news';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterNewsWrite } from './refresh-after-news-write';

/** POST when there is no id, PUT /api/admin/news/{id} otherwise. */
export const saveAdminNews = ({ id, values }: { id?: number; values: AdminNewsValues }) =>
  id === undefined
    ? apiRequest<AdminNewsItem>('POST', '/api/admin/news', values)
    : apiRequest<AdminNewsItem>('PUT', `/api/admin/news/${id}`, values);

export function useSaveAdminNews() {
  return useMutation({ mutationFn: saveAdminNews, onSuccess: useRefreshAfterNewsWrite() });
}
