// Budget checks shared by the benchmarks: each prints its figure, its budget and a verdict.

export interface Check {
  name: string;
  figure: string;
  budget: string;
  passed: boolean;
}

export function printChecks(title: string, checks: Check[]): boolean {
  console.log(`\n${title}`);
  const width = (pick: (check: Check) => string, header: string) =>
    Math.max(header.length, ...checks.map((check) => pick(check).length));
  const nameWidth = width((check) => check.name, 'проверка');
  const figureWidth = width((check) => check.figure, 'результат');
  const budgetWidth = width((check) => check.budget, 'бюджет');
  const row = (name: string, figure: string, budget: string, verdict: string) =>
    `  ${name.padEnd(nameWidth)}  ${figure.padStart(figureWidth)}  ${budget.padEnd(budgetWidth)}  ${verdict}`;
  console.log(row('проверка', 'результат', 'бюджет', ''));
  for (const check of checks) {
    console.log(row(check.name, check.figure, check.budget, check.passed ? 'ok' : 'НЕ ПРОШЛО'));
  }
  return checks.every((check) => check.passed);
}

/** True when this module is the script node was asked to run, e.g. `npx tsx bench/api.ts`. */
export const isMain = (moduleUrl: string) => moduleUrl === `file://${process.argv[1]}`;
