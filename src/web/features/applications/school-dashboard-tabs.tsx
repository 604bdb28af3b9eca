import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { archivePageSize } from '../../../shared/application-lists';
import { formatDateRu } from '../../../shared/dates';
import { exportMessages, exportTitles } from '../../../shared/export-words';
import type { Profile } from '../../../shared/profile';
import { errorText } from '../../api/client';
import { exportAddresses } from '../../api/export-addresses';
import { Pagination } from '../../components/pagination';
import { SchoolYearExport } from '../../components/school-year-export';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { usePagesOf } from '../../lib/use-pages-of';
import { useArchivePage } from './api/archive';
import { useDeleteArchiveEntry } from './api/delete-archive-entry';
import { useMyApplications } from './api/my-applications';
import { applicationTexts, attendanceTexts } from './texts';

const shownOnDashboard = 5;

/** The school dashboard's 'Мои заявки' tab: the newest applications, the full list one click away. */
export function SchoolApplicationsTab() {
  const texts = applicationTexts.dashboardApplications;
  const { data, isPending, isError } = useMyApplications({ page: 1, limit: shownOnDashboard });
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{texts.title}</h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">{applicationTexts.loadFailed}</p>
      ) : data.totalCount === 0 ? (
        <p className="text-muted-foreground">{texts.empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {data.items.map((application) => (
              <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <Link to={`/events/${application.event.id}`} className="font-medium hover:underline">
                    {application.event.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {formatDateRu(application.event.date)} · {applicationTexts.participants}:{' '}
                    {application.participantCount}
                    {application.attendedCount === null
                      ? null
                      : ` · ${attendanceTexts.of(application.attendedCount, application.participantCount)}`}
                  </p>
                </div>
                <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
                  {applicationTexts.statusBadge[application.status]}
                </span>
              </li>
            ))}
          </ul>
          {data.totalCount > data.items.length ? (
            <p className="text-sm text-muted-foreground">{texts.more(data.totalCount - data.items.length)}</p>
          ) : null}
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/school-applications">{texts.openAll}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/school-approved-applications">{texts.approvedContacts}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/events">{texts.findEvents}</Link>
        </Button>
      </div>
    </Card>
  );
}

/** The school dashboard's archive: completed participations with the hours credited for each. */
export function SchoolArchiveTab({ profile }: { profile: Profile }) {
  const texts = applicationTexts.archive;
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useArchivePage(page);
  const remove = useDeleteArchiveEntry();
  const totalPages = usePagesOf(data?.totalCount, archivePageSize, page, setPage);
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{texts.title}</h2>
        <p className="text-muted-foreground">{texts.totals(profile.totalEvents, profile.totalHours)}</p>
      </div>
      <SchoolYearExport
        label={exportMessages.hoursOfYear}
        fileTitle={exportTitles.schoolHours}
        addressOf={exportAddresses.schoolHours}
      />
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p role="alert">{texts.loadFailed}</p>
      ) : data.totalCount === 0 ? (
        <p className="text-muted-foreground">{texts.empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {data.items.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{entry.eventTitle}</p>
                  <p className="text-sm text-muted-foreground">
                    {[
                      formatDateRu(entry.eventDate),
                      entry.foundationName,
                      entry.approvedCount === null
                        ? texts.participants(entry.participantCount)
                        : attendanceTexts.of(entry.participantCount, entry.approvedCount),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900 dark:bg-green-900/40 dark:text-green-100">
                    {texts.hoursEarned(entry.hoursEarned)}
                  </span>
                  <ConfirmDialog
                    title={texts.deleteConfirm}
                    description={texts.deleteWarning}
                    confirmText={texts.delete}
                    cancelText={applicationTexts.back}
                    destructive
                    trigger={
                      <Button
                        variant="outline"
                        size="icon"
                        aria-label={`${texts.delete}: ${entry.eventTitle}`}
                        disabled={remove.isPending}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    }
                    onConfirm={() =>
                      remove.mutate(entry.id, {
                        onSuccess: () => toast({ title: texts.deleted }),
                        onError: (error) =>
                          toast({
                            title: 'Ошибка',
                            description: errorText(error, texts.deleteFailed),
                            variant: 'destructive',
                          }),
                      })
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label={texts.pages} />
        </>
      )}
    </Card>
  );
}
