import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import { reportsPageSize } from '../../../shared/report-lists';
import type { FoundationReport } from '../../../shared/reports';
import { errorText } from '../../api/client';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { usePagesOf } from '../../lib/use-pages-of';
import { useApplicationStats } from './api/application-stats';
import { useDeleteReport } from './api/delete-report';
import { useFoundationReportPage } from './api/foundation-reports';
import { ReportForm } from './report-form';
import { dashboardTexts } from './texts';

/** The pending badge shows 99+ above 99 (working-areas.md section 9). */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

export function ApplicationsTab() {
  const { data, isPending, isError } = useApplicationStats(true);
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-muted-foreground">{dashboardTexts.loadFailed}</p>;
  return (
    <Card className="space-y-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {dashboardTexts.applicationsTitle}
        {data.pendingApplications > 0 ? (
          <span
            role="status"
            aria-label={`${dashboardTexts.pendingApplications}: ${data.pendingApplications}`}
            className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
          >
            {badgeCount(data.pendingApplications)}
          </span>
        ) : null}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        {[
          [dashboardTexts.totalApplications, data.totalApplications],
          [dashboardTexts.approvedApplications, data.approvedApplications],
          [dashboardTexts.pendingApplications, data.pendingApplications],
        ].map(([label, value]) => (
          // The term comes first for a screen reader; the number is shown above it.
          <div key={label} className="flex flex-col-reverse rounded-lg bg-muted/60 p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/foundation-applications">{dashboardTexts.reviewApplications}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/foundation-approved-applications">{dashboardTexts.approvedList}</Link>
        </Button>
      </div>
    </Card>
  );
}

const reportTexts = dashboardTexts.reports;

/** The foundation's reports: newest first, created in a dialog, each deleted after a confirmation. */
export function ReportsTab() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useFoundationReportPage(page, true);
  const totalPages = usePagesOf(data?.totalCount, reportsPageSize, page, setPage);
  const [creating, setCreating] = useState(false);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{dashboardTexts.reportsTitle}</h2>
        <Dialog open={creating} onOpenChange={setCreating}>
          <DialogTrigger asChild>
            <Button>
              <Plus aria-hidden />
              {reportTexts.create}
            </Button>
          </DialogTrigger>
          <DialogContent title={reportTexts.formTitle} description={reportTexts.formDescription}>
            <ReportForm onDone={() => setCreating(false)} onCancel={() => setCreating(false)} />
          </DialogContent>
        </Dialog>
      </div>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <p className="text-muted-foreground">{dashboardTexts.loadFailed}</p>
      ) : data.totalCount === 0 ? (
        <p className="text-muted-foreground">{dashboardTexts.noReports}</p>
      ) : (
        <>
          <ul className="divide-y divide-border">
            {data.items.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label={reportTexts.pages} />
        </>
      )}
    </Card>
  );
}

function ReportItem({ report }: { report: FoundationReport }) {
  const remove = useDeleteReport();
  const destroy = () =>
    remove.mutate(report.id, {
      onSuccess: () => toast({ title: reportTexts.deleted, description: report.eventTitle }),
      onError: (error) =>
        toast({
          title: reportTexts.error,
          description: errorText(error, reportTexts.deleteFailed),
          variant: 'destructive',
        }),
    });
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{report.eventTitle}</p>
        <p className="text-sm text-muted-foreground">
          {formatDateRu(report.eventDate)} · {dashboardTexts.volunteers}: {report.volunteersCount}
        </p>
        {report.additionalInfo ? (
          <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line">{report.additionalInfo}</p>
        ) : null}
      </div>
      <ConfirmDialog
        title={reportTexts.deleteConfirm}
        description={reportTexts.deleteWarning}
        confirmText={reportTexts.deleteAction}
        destructive
        trigger={
          <Button
            variant="outline"
            size="icon"
            className="shrink-0"
            aria-label={`${reportTexts.delete}: ${report.eventTitle}`}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden />
          </Button>
        }
        onConfirm={destroy}
      />
    </li>
  );
}
