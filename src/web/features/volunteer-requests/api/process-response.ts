import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageAnswer } from '../../../../shared/answers';
import type { schoolResponseDecisionSchema } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

/** The response's id and the body of the decision. */
export type ResponseDecision = { id: number } & z.input<typeof schoolResponseDecisionSchema>;

export const processResponse = ({ id, status, processingNote }: ResponseDecision) =>
  apiRequest<MessageAnswer>('PUT', `/api/school-responses/${id}`, {
    status,
    ...(processingNote?.trim() ? { processingNote: processingNote.trim() } : {}),
  });

export function useProcessResponse() {
  return useMutation({ mutationFn: processResponse, onSuccess: useRefreshVolunteerRequests() });
}
