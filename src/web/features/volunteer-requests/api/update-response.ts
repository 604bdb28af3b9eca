import { useMutation } from '@tanstack/react-query';
import type { SchoolResponseInput, SchoolResponseUpdated } from '../../../../shared/volunteer-requests';
import { apiRequest } from '../../../api/client';
import { useRefreshVolunteerRequests } from './refresh-volunteer-requests';

/** The response's id and its new fields, sent whole as the response form holds them. */
export type ResponseUpdate = { id: number } & SchoolResponseInput;

export const updateResponse = ({ id, ...input }: ResponseUpdate) =>
  apiRequest<SchoolResponseUpdated>('PATCH', `/api/school-responses/${id}`, input);

export function useUpdateResponse() {
  return useMutation({ mutationFn: updateResponse, onSuccess: useRefreshVolunteerRequests() });
}
