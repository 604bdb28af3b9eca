import { useState } from 'react';
import type { FoundationHoursReport } from '../../../shared/hour-reports';
import { schoolYearLabel } from '../../../shared/school-year-period';
import { PupilsAndHoursFigure } from '../../components/charts/pupils-and-hours-figure';
import { SchoolYearSelect } from '../../components/charts/school-year-select';
import { EmptyNote } from '../../components/empty-note';
import { LoadError } from '../../components/load-error';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useFoundationHoursReport } from './api/foundation-hours-report';
import { hourReportTexts as t } from './texts';

/** The foundation's 'Часы' view: pupils and hours per month of a school year, and the schools it worked with. */
export function FoundationHoursTab() {
  const [year, setYear] = useState<number>();
  const { data, isPending, isError, refetch } = useFoundationHoursReport(year);
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={t.loadFailed} onRetry={() => void refetch()} />;
  return (
    <Card padding="responsive" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t.heading}</h2>
        <SchoolYearSelect years={data.years} value={data.year} onChange={setYear} />
      </div>
      {data.totals.hours === 0 && data.totals.pupils === 0 ? (
        <EmptyNote>{t.foundation.empty}</EmptyNote>
      ) : (
        <>
          <p>{t.yearTotals(data.totals)}</p>
          <PupilsAndHoursFigure
            caption={t.foundation.chartCaption(schoolYearLabel(data.year))}
            months={data.months}
            totals={data.totals}
            labels={t.columns}
          />
          <SchoolsTable report={data} />
        </>
      )}
    </Card>
  );
}

function SchoolsTable({ report }: { report: FoundationHoursReport }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold">{t.foundation.schoolsHeading}</h3>
      <p className="text-sm text-muted-foreground">{t.foundation.schoolsTotal(report.totals.schools)}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t.foundation.schoolsHeading}</caption>
          <thead>
            <tr className="border-b border-border text-left">
              {[t.columns.school, t.columns.events, t.columns.pupils, t.columns.hours].map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5 font-medium first:pl-0">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.schools.map((school, index) => (
              // Two schools may share a name; their order is the API's, stable within one answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index} className="border-b border-border/60">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal">
                  {school.name}
                </th>
                <td className="px-2 py-1.5 tabular-nums">{school.events}</td>
                <td className="px-2 py-1.5 tabular-nums">{school.pupils}</td>
                <td className="px-2 py-1.5 tabular-nums">{school.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
