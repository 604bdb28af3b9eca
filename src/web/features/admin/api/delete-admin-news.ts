import { useMutation } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterNewsWrite } from './refresh-after-news-write';

export const deleteAdminNews = (id: number) => apiRequest<MessageAnswer>('DELETE', `/api/admin/news/${id}`);

export function useDeleteAdminNews() {
  return useMutation({ mutationFn: deleteAdminNews, onSuccess: useRefreshAfterNewsWrite() });
}
