import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarChartViewProps {
  rows: readonly Record<string, string | number>[];
  /** The key of each row's label on the horizontal axis. */
  labelKey: string;
  series: readonly ChartSeries[];
  /** Bars of the series one on another (parts of one total) rather than side by side. */
  stacked?: boolean;
  /** The number as a tooltip shows it: «12 часов». */
  format: (value: number) => string;
}

const axisTick = { fill: 'currentColor', fontSize: 12 };

/**
 * The one module that imports recharts: it is loaded through lazyNamed by ChartFigure, so only the views
 * that draw a chart fetch the library.
 */
export function BarChartView({ rows, labelKey, series, stacked = false, format }: BarChartViewProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The chart sits in an aria-hidden figure beside its table: no keyboard stop of its own. */}
      <BarChart
        data={[...rows]}
        margin={{ top: 8, right: 4, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
        <XAxis dataKey={labelKey} tick={axisTick} interval={0} tickLine={false} />
        <YAxis tick={axisTick} allowDecimals={false} tickLine={false} axisLine={false} />
        <Tooltip
          formatter={(value, name) => [format(Number(value)), name]}
          contentStyle={{
            background: 'var(--card)',
            borderColor: 'var(--border)',
            color: 'var(--foreground)',
          }}
          cursor={{ fillOpacity: 0.1 }}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={item.color}
            stackId={stacked ? 'total' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
