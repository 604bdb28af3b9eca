import { useQueryClient } from '@tanstack/react-query';
import { queryFamilies } from '../../../api/query-families';

/** Every write changes the list (status, counts) and the detail, so all request queries refresh. */
export function useRefreshVolunteerRequests() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryFamilies.volunteerRequests });
}
