// School years as periods of days, apart from the period's query schema in ./school-year: the pages that
// only name a school year do not download the schema library for it (issue 27).

export interface Period {
  /** First day, yyyy-MM-dd, inclusive. */
  from: string;
  /** Last day, yyyy-MM-dd, inclusive. */
  to: string;
}

/** The year a school year starts in, for the day given: 2026-03-12 belongs to 2025/26. */
export function schoolYearStart(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 9 ? year : year - 1;
}

export function schoolYearPeriod(startYear: number): Period {
  return { from: `${startYear}-09-01`, to: `${startYear + 1}-08-31` };
}

/** «2025/26 учебный год». */
export function schoolYearLabel(startYear: number): string {
  return `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')} учебный год`;
}
