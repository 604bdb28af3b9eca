import { useState } from 'react';
import { schoolYearLabel } from '../../../shared/school-year-period';
import { PupilsAndHoursFigure } from '../../components/charts/pupils-and-hours-figure';
import { SchoolYearSelect } from '../../components/charts/school-year-select';
import { EmptyNote } from '../../components/empty-note';
import { LoadError } from '../../components/load-error';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAdminHoursReport } from './api/admin-hours-report';
import { hoursTabTexts as t } from './hours-texts';

/** The platform's completed events, pupils who came and hours credited per month of a school year. */
export function AdminHoursTab() {
  const [year, setYear] = useState<number>();
  const { data, isPending, isError, refetch } = useAdminHoursReport(year);
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={t.loadFailed} onRetry={() => void refetch()} />;
  const { totals } = data;
  const empty = totals.completedEvents === 0 && totals.pupils === 0 && totals.hours === 0;
  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t.heading}</h2>
        <SchoolYearSelect years={data.years} value={data.year} onChange={setYear} />
      </div>
      {empty ? (
        <EmptyNote>{t.empty}</EmptyNote>
      ) : (
        <>
          <p>{t.yearTotals(totals)}</p>
          <PupilsAndHoursFigure
            caption={t.chartCaption(schoolYearLabel(data.year))}
            months={data.months.map((month) => ({ ...month, events: month.completedEvents }))}
            totals={{ ...totals, events: totals.completedEvents }}
            labels={{ events: t.columns.completedEvents, pupils: t.columns.pupils, hours: t.columns.hours }}
          />
        </>
      )}
    </Card>
  );
}
