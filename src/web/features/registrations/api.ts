import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatus } from '../../../shared/catalog';
import { apiRequest } from '../../api/client';

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

export const myApplicationsKey = ['registrations', 'mine'] as const;

export function useMyApplications() {
  return useQuery({
    queryKey: myApplicationsKey,
    queryFn: () => apiRequest<SchoolApplication[]>('GET', '/api/my-registrations'),
    staleTime: 0,
  });
}

export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/applications/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
