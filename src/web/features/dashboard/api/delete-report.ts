import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import { apiRequest } from '../../../api/client';
import { foundationReportsKey } from './foundation-reports';

export const deleteReport = (id: number) =>
  apiRequest<MessageAnswer>('DELETE', `/api/foundation/reports/${id}`);

export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foundationReportsKey }),
  });
}
