import { useId, useState } from 'react';
import { type ExportFormat, exportMessages } from '../../shared/export-words';
import {
  type Period,
  schoolYearLabel,
  schoolYearPeriod,
  schoolYearStart,
} from '../../shared/school-year-period';
import { appToday } from '../lib/app-time-zone';
import { ExportButtons } from './export-buttons';

/** School years offered: this one and the four before it. */
const yearsOffered = 5;

/**
 * An export of hours by school year (1 September to 31 August, the period a school reports on): a choice
 * of year, this one first, and the download buttons.
 */
export function SchoolYearExport({
  label,
  fileTitle,
  addressOf,
}: {
  label: string;
  fileTitle: string;
  addressOf: (format: ExportFormat, period: Period) => string;
}) {
  const current = schoolYearStart(appToday());
  const [year, setYear] = useState(current);
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium">
          {exportMessages.schoolYear}
        </label>
        <select
          id={selectId}
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          className="h-9 rounded-md border border-border bg-background px-2 text-sm"
        >
          {Array.from({ length: yearsOffered }, (_, index) => current - index).map((start) => (
            <option key={start} value={start}>
              {schoolYearLabel(start)}
            </option>
          ))}
        </select>
      </div>
      <ExportButtons
        label={label}
        fileTitle={fileTitle}
        addressOf={(format) => addressOf(format, schoolYearPeriod(year))}
      />
    </div>
  );
}
