import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageAnswer } from '../../../../shared/answers';
import type { applicationDecisionSchema } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

/** The application's id and the body of the decision. */
export type ApplicationDecision = { id: number } & z.input<typeof applicationDecisionSchema>;

/** `participantCount` only when approving fewer than asked; without it every pupil asked for is taken. */
export const decideApplication = ({ id, action, rejectionReason, participantCount }: ApplicationDecision) =>
  apiRequest<MessageAnswer>('PATCH', `/api/foundation/applications/${id}`, {
    action,
    ...(rejectionReason?.trim() ? { rejectionReason: rejectionReason.trim() } : {}),
    ...(participantCount !== undefined ? { participantCount } : {}),
  });

/** A decision changes every application list, the foundation's counters and the event's places. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryFamilies.applications });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.foundationDashboard });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
    },
  });
}
