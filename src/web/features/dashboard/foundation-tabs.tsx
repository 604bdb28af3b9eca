import { Link } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useApplicationStats, useFoundationReports } from './api';
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
          <div key={label} className="rounded-lg bg-muted/60 p-4">
            <dd className="text-2xl font-bold">{value}</dd>
            <dt className="text-sm text-muted-foreground">{label}</dt>
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

export function ReportsTab() {
  const { data, isPending, isError } = useFoundationReports(true);
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-muted-foreground">{dashboardTexts.loadFailed}</p>;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{dashboardTexts.reportsTitle}</h2>
      {data.length === 0 ? (
        <p className="text-muted-foreground">{dashboardTexts.noReports}</p>
      ) : (
        <ul className="divide-y divide-border">
          {data.map((report) => (
            <li key={report.id} className="py-3">
              <p className="font-medium">{report.eventTitle}</p>
              <p className="text-sm text-muted-foreground">
                {formatDateRu(report.eventDate)} · {dashboardTexts.volunteers}: {report.volunteersCount}
              </p>
              {report.additionalInfo ? <p className="mt-1 text-sm">{report.additionalInfo}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
