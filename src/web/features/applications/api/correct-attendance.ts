import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '../../../../shared/answers';
import type { AttendanceCorrection } from '../../../../shared/attendance-corrections';
import { apiRequest } from '../../../api/client';
import { profileQuery } from '../../../api/profile';
import { queryFamilies } from '../../../api/query-families';

export const correctAttendance = ({ eventId, ...correction }: { eventId: number } & AttendanceCorrection) =>
  apiRequest<MessageAnswer>('PUT', `/api/events/${eventId}/attendance`, correction);

/** A correction moves the event's applications, the foundation's hours and its dashboard's figures. */
export function useCorrectAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctAttendance,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryFamilies.applications });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.foundationDashboard });
      void queryClient.invalidateQueries({ queryKey: queryFamilies.events });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
