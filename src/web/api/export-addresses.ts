import type { ExportFormat } from '../../shared/exports';
import type { JournalFilters } from '../lib/journal-filters';

/**
 * The addresses of the exports (issue 25), one place for every screen that offers a download; each
 * takes the filters of the list it downloads.
 */

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const exportAddresses = {
  foundationApplications: (format: ExportFormat, status: string) =>
    withQuery(`/api/foundation/applications/export.${format}`, { status }),
  participants: (format: ExportFormat, eventId: number) =>
    `/api/foundation/events/${eventId}/participants.${format}`,
  schoolApplications: (format: ExportFormat) => `/api/school/applications/export.${format}`,
  schoolHours: (format: ExportFormat, period?: { from: string; to: string }) =>
    withQuery(`/api/school/hours.${format}`, { from: period?.from, to: period?.to }),
  admin: (
    list: 'users' | 'events' | 'applications' | 'hours',
    format: ExportFormat,
    filters: Record<string, string | undefined> = {},
  ) => withQuery(`/api/admin/${list}/export.${format}`, filters),
  /** The journal of who did what (issue 53): an organisation's, or every entry for the administrator. */
  journal: (reader: 'organisation' | 'admin', format: ExportFormat, { from, to, kind }: JournalFilters) =>
    withQuery(`/api/${reader}/journal/export.${format}`, { from, to, kind }),
};
