import type { FoundationHoursReport } from '../../../shared/hour-reports';
import { schoolYearLabel } from '../../../shared/school-year-period';
import { PupilsAndHoursFigure } from '../../components/charts/pupils-and-hours-figure';
import { EmptyNote } from '../../components/empty-note';
import { useFoundationHoursReport } from './api/foundation-hours-report';
import { HoursReportCard } from './hours-report-card';
import { hourReportTexts as t } from './texts';

/** The foundation's 'Часы' view: pupils and hours per month of a school year, and the schools it worked with. */
export function FoundationHoursTab() {
  return (
    <HoursReportCard useReport={useFoundationHoursReport}>
      {(report) =>
        report.totals.hours === 0 && report.totals.pupils === 0 ? (
          <EmptyNote>{t.foundation.empty}</EmptyNote>
        ) : (
          <>
            <p>{t.yearTotals(report.totals)}</p>
            <PupilsAndHoursFigure
              caption={t.foundation.chartCaption(schoolYearLabel(report.year))}
              months={report.months}
              totals={report.totals}
              labels={t.columns}
            />
            <SchoolsTable report={report} />
          </>
        )
      }
    </HoursReportCard>
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
