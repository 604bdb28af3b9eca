import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityType, RegistrationStatus } from '../../../shared/catalog';
import { apiRequest } from '../../api/client';
import { profileQuery } from '../profile/api';

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
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}

export interface FoundationApplication extends Omit<SchoolApplication, 'foundation'> {
  contactTelegram: string | null;
  contactVk: string | null;
  school: {
    id: number;
    username: string;
    fullName: string | null;
    schoolType: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
    contactPerson: string | null;
  };
}

export interface FoundationApplicationPage {
  applications: FoundationApplication[];
  total: number;
  totalPages: number;
  page: number;
  pendingCount: number;
}

export type ApplicationFilter = 'pending' | 'approved' | 'rejected' | 'all';
export const foundationApplicationsPageSize = 10;

export function useFoundationApplications(status: ApplicationFilter, page: number) {
  return useQuery({
    queryKey: ['registrations', 'foundation', status, page],
    queryFn: () =>
      apiRequest<FoundationApplicationPage>(
        'GET',
        `/api/foundation/applications?status=${status}&page=${page}&limit=${foundationApplicationsPageSize}`,
      ),
    staleTime: 0,
  });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      rejectionReason,
    }: {
      id: number;
      action: 'approve' | 'reject';
      rejectionReason?: string;
    }) =>
      apiRequest<{ message: string }>('PATCH', `/api/foundation/applications/${id}`, {
        action,
        ...(rejectionReason?.trim() ? { rejectionReason: rejectionReason.trim() } : {}),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['registrations'] });
      void queryClient.invalidateQueries({ queryKey: ['foundation'] });
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
}

export interface SchoolApprovedApplication extends SchoolApplication {
  event: SchoolApplication['event'] & { description: string };
  foundation: SchoolApplication['foundation'] & {
    description: string | null;
    address: string | null;
    website: string | null;
  };
}

export function useSchoolApprovedApplications() {
  return useQuery({
    queryKey: ['registrations', 'school-approved'],
    queryFn: () => apiRequest<SchoolApprovedApplication[]>('GET', '/api/school/approved-applications'),
    staleTime: 0,
  });
}

export function useFoundationApprovedApplications() {
  return useQuery({
    queryKey: ['registrations', 'foundation-approved'],
    queryFn: () => apiRequest<FoundationApplication[]>('GET', '/api/foundation/approved-applications'),
    staleTime: 0,
  });
}

export interface FoundationEventApplications {
  id: number;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  status: string;
  totalSlots: number | null;
  confirmedCount: number;
  contactPersonName: string | null;
  contactPersonPhone: string | null;
  contactPersonEmail: string | null;
  pending: FoundationApplication[];
  participants: FoundationApplication[];
}

export function useFoundationEventApplications(eventId: number | undefined) {
  return useQuery({
    queryKey: ['registrations', 'foundation-event', eventId],
    queryFn: () => apiRequest<FoundationEventApplications>('GET', `/api/foundation/events/${eventId}`),
    enabled: eventId !== undefined,
    staleTime: 0,
  });
}

export interface ArchiveEntry {
  id: number;
  registrationId: number | null;
  eventId: number | null;
  eventTitle: string;
  eventDate: string;
  foundationName: string | null;
  activityType: ActivityType | null;
  participantCount: number;
  hoursEarned: number;
  creditedAt: string;
}

const archiveKey = ['registrations', 'archive'] as const;

export function useArchive() {
  return useQuery({
    queryKey: archiveKey,
    queryFn: () => apiRequest<ArchiveEntry[]>('GET', '/api/school/completed-events'),
    staleTime: 0,
  });
}

/**
 * Removing an entry takes its hours off the school, so the profile's totals and the hours of the
 * completed application change too.
 */
export function useDeleteArchiveEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>('DELETE', `/api/school/archive/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: archiveKey });
      void queryClient.invalidateQueries({ queryKey: myApplicationsKey });
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
    },
  });
}
