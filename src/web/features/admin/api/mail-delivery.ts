import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import type { MailDeliveryState } from '../../../../shared/mail-delivery';
import { apiRequest } from '../../../api/client';

export const mailDeliveryQuery = queryOptions({
  queryKey: ['admin', 'mail'],
  queryFn: () => apiRequest<MailDeliveryState>('GET', '/api/admin/mail'),
  staleTime: 0,
});

export function useMailDelivery() {
  return useQuery(mailDeliveryQuery);
}

/** Puts a failed letter back into the outbox; the list is read again, without it. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<MessageAnswer>('POST', `/api/admin/mail/${id}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailDeliveryQuery.queryKey }),
  });
}
