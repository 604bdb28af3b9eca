import { useId } from 'react';
import { pupilForms } from '../../shared/application-words';
import { countOf } from '../../shared/plural';
import { Input } from './ui/input';

/**
 * How many pupils of each application came, as the foundation marks it when completing an event and when
 * correcting it afterwards: one row per school with its approved number, and a sentence that says what is
 * marked, so that nobody confirms «all came» without having read it.
 */

export const attendanceMarkTexts = {
  approved: (count: number) => `Одобрено: ${countOf(count, pupilForms)}`,
  attendedLabel: 'Сколько учеников пришло',
  attendedLabelFor: (school: string) => `Сколько учеников пришло: ${school}`,
  attendedRange: (max: number) => `Целое число от 0 до ${max}`,
  allMarked: (approved: number) =>
    `Отмечены все: ${approved} из ${countOf(approved, pupilForms)}. Уменьшите число у школ, где пришли не все.`,
  marked: (marked: number, approved: number) =>
    `Отмечено пришедших: ${marked} из ${countOf(approved, pupilForms)}.`,
} as const;

/** A typed number of pupils who came, or undefined when it is not a whole number from 0 to `max`. */
export function attendedOf(value: string, max: number): number | undefined {
  if (!/^\d{1,3}$/.test(value.trim())) return undefined;
  const attended = Number(value.trim());
  return attended <= max ? attended : undefined;
}

/** One application: the school, the approved number and how many came. */
export function AttendanceRow({
  school,
  approved,
  value,
  onChange,
}: {
  school: string;
  approved: number;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const invalid = attendedOf(value, approved) === undefined;
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{school}</p>
        <p className="text-sm text-muted-foreground">{attendanceMarkTexts.approved(approved)}</p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm">
          {attendanceMarkTexts.attendedLabel}
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={approved}
          step={1}
          className="w-full sm:w-28"
          aria-label={attendanceMarkTexts.attendedLabelFor(school)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {invalid ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {attendanceMarkTexts.attendedRange(approved)}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** «Отмечены все: 12 из 12 учеников…» or «Отмечено пришедших: 10 из 12 учеников.», read as it changes. */
export function AttendanceSummary({ marked, approved }: { marked: number; approved: number }) {
  return (
    <p className="rounded-lg bg-muted p-3 text-sm font-medium" aria-live="polite">
      {marked === approved
        ? attendanceMarkTexts.allMarked(approved)
        : attendanceMarkTexts.marked(marked, approved)}
    </p>
  );
}
