import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CertificateYears } from '../../../../shared/certificates';
import { apiRequest } from '../../../api/client';
import { queryFamilies } from '../../../api/query-families';

export const fetchCertificateYears = () =>
  apiRequest<CertificateYears>('GET', '/api/school/certificate-years');

export const certificateYearsQuery = queryOptions({
  queryKey: [...queryFamilies.certificates, 'years'],
  queryFn: fetchCertificateYears,
});

export function useCertificateYears() {
  return useQuery(certificateYearsQuery);
}
