import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../../shared/catalog';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

// TODO(shared-answer)
export interface SchoolApplication {
  id: number;
  status: RegistrationStatus;
  participantCount: number;
  contactPerson: string;
  contactPhone: string | null;
  contactEmail: string | null;
  applicationNote: string | null;
  rejectionReason: string | null;
  hoursEarned: number | null;
  registeredAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  event: {
    id: number;
    title: string;
    date: string;
    startTime: string;
    endTime: string;
    location: string;
    hours: number;
  };
  foundation: {
    id: number;
    name: string;
    contactPerson: string | null;
    phone: string | null;
    email: string | null;
  };
}

export const fetchMyApplications = () => apiRequest<SchoolApplication[]>('GET', '/api/my-registrations');

/** The signed-in school's applications. */
export const myApplicationsQuery = queryOptions({
  queryKey: [...queryFamilies.registrations, 'mine'],
  queryFn: fetchMyApplications,
  staleTime: 0,
});

export function useMyApplications() {
  return useQuery(myApplicationsQuery);
}
