import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SchoolYearSelect } from '../../components/charts/school-year-select';
import { LoadError } from '../../components/load-error';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { hourReportTexts as t } from './texts';

interface YearReport {
  years: readonly number[];
  year: number;
}

/** A 'Часы' view: the report of the school year chosen at its head; the latest one until a choice. */
export function HoursReportCard<R extends YearReport>({
  useReport,
  children,
}: {
  useReport: (year: number | undefined) => UseQueryResult<R>;
  children: (report: R) => ReactNode;
}) {
  const [year, setYear] = useState<number>();
  const { data, isPending, isError, refetch } = useReport(year);
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={t.loadFailed} onRetry={() => void refetch()} />;
  return (
    <Card padding="responsive" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t.heading}</h2>
        <SchoolYearSelect years={data.years} value={data.year} onChange={setYear} />
      </div>
      {children(data)}
    </Card>
  );
}
