import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type MessageAnswer } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export interface ApplicationDecision {
  id: number;
  action: 'approve' | 'reject';
  rejectionReason?: string;
}

export const decideApplication = ({ id, action, rejectionReason }: ApplicationDecision) =>
  apiRequest<MessageAnswer>('PATCH', `/api/foundation/applications/${id}`, {
    action,
    ...(rejectionReason?.trim() ? { rejectionReason: rejectionReason.trim() } : {}),
  });

/** A decision changes every application list, the foundation's counters and the event's places. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryFamilies.registrations });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.foundationDashboard });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
    },
  });
}
