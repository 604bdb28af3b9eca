import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { FoundationReport, ReportInput, reportInputSchema } from '../../../../shared/reports';
import { apiRequest } from '../../../api/client';
import { foundationReportsKey } from './foundation-reports';

/** What the report form holds: the schema's input, before its transforms. */
export type ReportFormValues = z.input<typeof reportInputSchema>;

export const createReport = (input: ReportInput) =>
  apiRequest<FoundationReport>('POST', '/api/foundation/reports', input);

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: foundationReportsKey }),
  });
}
