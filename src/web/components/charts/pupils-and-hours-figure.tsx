import { monthLabel, shortMonthLabel } from '../../../shared/hour-reports';
import { ChartFigure } from './chart-figure';
import { chartTexts } from './chart-texts';

export interface PupilsAndHours {
  events: number;
  pupils: number;
  hours: number;
}

/**
 * Pupils who came and hours credited per month, as bars with the same figures and the events as a table:
 * the foundation's view and the administrator's. Events are a few where hours are hundreds; drawn, they
 * would lie flat at the bottom, so the table alone carries them.
 */
export function PupilsAndHoursFigure({
  caption,
  months,
  totals,
  labels,
}: {
  caption: string;
  months: readonly (PupilsAndHours & { month: string })[];
  totals: PupilsAndHours;
  labels: { events: string; pupils: string; hours: string };
}) {
  return (
    <ChartFigure
      caption={caption}
      chart={{
        rows: months.map((month) => ({ ...month, label: shortMonthLabel(month.month) })),
        labelKey: 'label',
        series: [
          { key: 'pupils', label: labels.pupils, color: '#2563eb' },
          { key: 'hours', label: labels.hours, color: '#16a34a' },
        ],
        format: (value) => value.toLocaleString('ru-RU'),
      }}
      table={{
        columns: [chartTexts.month, labels.events, labels.pupils, labels.hours],
        rows: months.map((month) => ({
          key: month.month,
          cells: [monthLabel(month.month), month.events, month.pupils, month.hours],
        })),
        total: [chartTexts.total, totals.events, totals.pupils, totals.hours],
      }}
    />
  );
}
