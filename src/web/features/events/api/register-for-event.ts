import { useMutation } from '@tanstack/react-query';
import type { RegistrationInput } from '../../../../shared/registrations';
import { apiRequest } from '../../../api/client';
import { useRefreshAfterRegistration } from './refresh-after-registration';

// TODO(shared-answer)
export interface RegistrationReceipt {
  id: number;
  status: string;
  message: string;
}

export const registerForEvent = (eventId: number, input: RegistrationInput) =>
  apiRequest<RegistrationReceipt>('POST', `/api/events/${eventId}/register`, input);

export function useRegisterForEvent(eventId: number) {
  return useMutation({
    mutationFn: (input: RegistrationInput) => registerForEvent(eventId, input),
    onSuccess: useRefreshAfterRegistration(),
  });
}
