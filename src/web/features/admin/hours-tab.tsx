import { useState } from 'react';
import { monthLabel, shortMonthLabel } from '../../../shared/hour-reports';
import { schoolYearLabel } from '../../../shared/school-year';
import { ChartFigure } from '../../components/charts/chart-figure';
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
          <ChartFigure
            caption={t.chartCaption(schoolYearLabel(data.year))}
            chart={{
              rows: data.months.map((month) => ({ ...month, label: shortMonthLabel(month.month) })),
              labelKey: 'label',
              // Events are a few where hours are hundreds: they would lie flat at the bottom, so the
              // table alone carries them.
              series: [
                { key: 'pupils', label: t.columns.pupils, color: '#2563eb' },
                { key: 'hours', label: t.columns.hours, color: '#16a34a' },
              ],
              format: (value) => value.toLocaleString('ru-RU'),
            }}
            table={{
              columns: [t.columns.month, t.columns.completedEvents, t.columns.pupils, t.columns.hours],
              rows: data.months.map((month) => ({
                key: month.month,
                cells: [monthLabel(month.month), month.completedEvents, month.pupils, month.hours],
              })),
              total: [t.columns.total, totals.completedEvents, totals.pupils, totals.hours],
            }}
          />
        </>
      )}
    </Card>
  );
}
