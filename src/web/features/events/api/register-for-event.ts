import { useMutation } from '@tanstack/react-query';
import type { RegistrationCreated, RegistrationInput } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterRegistration } from './refresh-after-registration';

export const registerForEvent = (eventId: number, input: RegistrationInput) =>
  apiRequest<RegistrationCreated>('POST', `/api/events/${eventId}/register`, input);

export function useRegisterForEvent(eventId: number) {
  return useMutation({
    mutationFn: (input: RegistrationInput) => registerForEvent(eventId, input),
    onSuccess: useRefreshAfterRegistration(),
  });
}
