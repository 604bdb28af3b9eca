import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoursGoalAnswer } from '../../../../shared/hour-reports';
import { apiRequest } from '../../../api/client';
import { schoolHoursReportQuery } from './school-hours-report';

/** null clears the goal. */
export const saveHoursGoal = (goal: number | null) =>
  apiRequest<HoursGoalAnswer>('PUT', '/api/school/hours-goal', { goal });

export function useSaveHoursGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHoursGoal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schoolHoursReportQuery.all }),
  });
}
