import { clsx } from 'clsx';
import type { VolunteerRequestStatus } from '../../../shared/catalog';
import { volunteerRequestStatusLabels } from '../../../shared/volunteer-requests';

const colours: Record<VolunteerRequestStatus, string> = {
  open: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  closed: 'bg-muted text-foreground',
  fulfilled: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
};

export function RequestStatusBadge({ status }: { status: VolunteerRequestStatus }) {
  return (
    <span className={clsx('shrink-0 rounded-full px-2.5 py-1 text-xs font-medium', colours[status])}>
      {volunteerRequestStatusLabels[status]}
    </span>
  );
}
