import { useId } from 'react';
import { schoolYearLabel } from '../../../shared/school-year-period';
import { chartTexts } from './chart-texts';

/** The school year a report shows, from the years the API lists. */
export function SchoolYearSelect({
  years,
  value,
  onChange,
}: {
  years: readonly number[];
  value: number;
  onChange: (year: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {chartTexts.schoolYear}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 rounded-md border border-border bg-background px-3 text-sm"
      >
        {years.map((year) => (
          <option key={year} value={year}>
            {schoolYearLabel(year)}
          </option>
        ))}
      </select>
    </div>
  );
}
