import { type FormEvent, useState } from 'react';
import {
  goalPercent,
  type HourActivityKey,
  hourActivityKeys,
  hourActivityLabels,
  hoursGoalSchema,
  monthLabel,
  type SchoolHoursReport,
  shortMonthLabel,
} from '../../../shared/hour-reports';
import { schoolYearLabel } from '../../../shared/school-year-period';
import { errorText } from '../../api/client';
import { ChartFigure } from '../../components/charts/chart-figure';
import { chartTexts } from '../../components/charts/chart-texts';
import { EmptyNote } from '../../components/empty-note';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useSaveHoursGoal } from './api/save-hours-goal';
import { useSchoolHoursReport } from './api/school-hours-report';
import { HoursReportCard } from './hours-report-card';
import { hourReportTexts as t } from './texts';

/** One colour per activity type, distinct in both themes. */
const activityColors: Record<HourActivityKey, string> = {
  ecology: '#16a34a',
  education: '#2563eb',
  social: '#e11d48',
  sport: '#d97706',
  culture: '#7c3aed',
  other: '#6b7280',
};

/** The school's 'Часы' view: hours per month of a school year by activity type, and its yearly goal. */
export function SchoolHoursTab() {
  return (
    <HoursReportCard useReport={useSchoolHoursReport}>
      {(report) => (
        <>
          <GoalProgress goal={report.goal} done={report.totals.hours} />
          <GoalForm goal={report.goal} />
          {report.totals.hours === 0 ? (
            <EmptyNote>{t.school.empty}</EmptyNote>
          ) : (
            <HoursChart report={report} />
          )}
        </>
      )}
    </HoursReportCard>
  );
}

function GoalProgress({ goal, done }: { goal: number | null; done: number }) {
  if (goal === null) return <p className="text-muted-foreground">{t.school.noGoal}</p>;
  const percent = goalPercent(done, goal);
  const text = t.school.goalProgress(goal, done);
  return (
    <div className="space-y-2">
      <p className="font-medium" data-testid="goal-progress">
        {text}
        {percent >= 100 ? ` ${t.school.goalReached}` : ''}
      </p>
      <div
        role="progressbar"
        aria-label={t.school.goalProgressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
    </div>
  );
}

/** The goal in whole hours, checked by the API's own schema; an empty field clears it. */
function GoalForm({ goal }: { goal: number | null }) {
  const save = useSaveHoursGoal();
  const [value, setValue] = useState(goal === null ? '' : String(goal));
  const [error, setError] = useState<string>();

  const send = (next: number | null) => {
    setError(undefined);
    save.mutate(next, {
      onSuccess: (answer) => {
        setValue(answer.goal === null ? '' : String(answer.goal));
        toast({ title: answer.message });
      },
      onError: (failure) =>
        toast({
          title: t.school.goalFailed,
          description: errorText(failure, t.school.goalFailed),
          variant: 'destructive',
        }),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return send(null);
    const parsed = hoursGoalSchema.safeParse({ goal: value.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    send(parsed.data.goal);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="sm:w-64">
        <FormField label={t.school.goalField} error={error} hint={t.school.goalHint}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={100_000}
            step={1}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </FormField>
      </div>
      <div className="flex gap-2 sm:pb-7">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t.school.savingGoal : t.school.saveGoal}
        </Button>
        {goal !== null ? (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => send(null)}>
            {t.school.clearGoal}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function HoursChart({ report }: { report: SchoolHoursReport }) {
  // Only the types the year has: a legend of five empty types tells a reader nothing.
  const present = hourActivityKeys.filter((key) => report.months.some((month) => month.byActivity[key] > 0));
  const caption = t.school.chartCaption(schoolYearLabel(report.year));
  return (
    <>
      <p>{t.yearTotals(report.totals)}</p>
      <ChartFigure
        caption={caption}
        chart={{
          rows: report.months.map((month) => ({ label: shortMonthLabel(month.month), ...month.byActivity })),
          labelKey: 'label',
          series: present.map((key) => ({ key, label: hourActivityLabels[key], color: activityColors[key] })),
          stacked: true,
          format: t.hours,
        }}
        table={{
          columns: [
            chartTexts.month,
            ...present.map((key) => hourActivityLabels[key]),
            t.columns.hours,
            t.columns.pupils,
          ],
          rows: report.months.map((month) => ({
            key: month.month,
            cells: [
              monthLabel(month.month),
              ...present.map((key) => month.byActivity[key]),
              month.hours,
              month.pupils,
            ],
          })),
          total: [
            chartTexts.total,
            ...present.map((key) => report.months.reduce((sum, month) => sum + month.byActivity[key], 0)),
            report.totals.hours,
            report.totals.pupils,
          ],
        }}
      />
    </>
  );
}
