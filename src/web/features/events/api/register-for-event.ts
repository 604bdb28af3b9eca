import { useMutation } from '@tanstack/react-query';
import type { ApplicationCreated, ApplicationInput } from '../../../../shared/applications';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterApplication } from './refresh-after-application';

export const registerForEvent = (eventId: number, input: ApplicationInput) =>
  apiRequest<ApplicationCreated>('POST', `/api/events/${eventId}/register`, input);

export function useRegisterForEvent(eventId: number) {
  return useMutation({
    mutationFn: (input: ApplicationInput) => registerForEvent(eventId, input),
    onSuccess: useRefreshAfterApplication(),
  });
}
