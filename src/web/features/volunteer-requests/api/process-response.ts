import { useMutation } from '@tanstack/react-query';
import { apiRequest, type MessageAnswer } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

export interface ResponseDecision {
  id: number;
  status: 'accepted' | 'rejected';
  processingNote: string;
}

export const processResponse = ({ id, status, processingNote }: ResponseDecision) =>
  apiRequest<MessageAnswer>('PUT', `/api/school-responses/${id}`, {
    status,
    ...(processingNote.trim() ? { processingNote: processingNote.trim() } : {}),
  });

export function useProcessResponse() {
  return useMutation({ mutationFn: processResponse, onSuccess: useRefreshVolunteerRequests() });
}
