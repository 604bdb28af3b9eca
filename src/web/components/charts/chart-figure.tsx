import { type ReactNode, Suspense, useId, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import type { BarChartViewProps } from './bar-chart-view';
import { chartTexts } from './chart-texts';

const BarChartView = lazyNamed(() => import('./bar-chart-view'), 'BarChartView');

export interface ChartTable {
  /** The heads of the columns, the first one naming the rows' labels. */
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  /** The last row, «Итого». */
  total?: readonly ReactNode[];
}

/**
 * A chart with its table: the chart is a picture for sighted readers (aria-hidden), the table carries
 * the same numbers for screen readers and for anyone who presses «Показать таблицей». Until then the
 * table is visually hidden but read aloud.
 */
export function ChartFigure({
  caption,
  chart,
  table,
}: {
  caption: string;
  chart: BarChartViewProps;
  table: ChartTable;
}) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  return (
    <figure className="space-y-3">
      <figcaption className="font-medium">{caption}</figcaption>
      <div aria-hidden className="h-64 w-full text-muted-foreground sm:h-80" data-chart>
        <Suspense fallback={<Spinner className="h-full" />}>
          <BarChartView {...chart} />
        </Suspense>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={tableShown}
        aria-controls={tableId}
        onClick={() => setTableShown((shown) => !shown)}
      >
        {tableShown ? chartTexts.hideTable : chartTexts.showTable}
      </Button>
      <div id={tableId} className={tableShown ? 'overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-border text-left">
              {table.columns.map((column) => (
                <th key={column} scope="col" className="px-2 py-1.5 font-medium first:pl-0">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key} className="border-b border-border/60">
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                    <th key={index} scope="row" className="px-2 py-1.5 text-left font-normal first:pl-0">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                    <td key={index} className="px-2 py-1.5 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
          {table.total ? (
            <tfoot>
              <tr className="font-medium">
                {table.total.map((cell, index) =>
                  index === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                    <th key={index} scope="row" className="px-2 py-1.5 text-left first:pl-0">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                    <td key={index} className="px-2 py-1.5 tabular-nums">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </figure>
  );
}
