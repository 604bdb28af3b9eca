// `npm run bench`: the API benchmark with the server's memory after it, then the page-speed benchmark.
// Prints every figure beside its budget and exits 1 when any budget fails. The figures are only
// meaningful on a quiet machine: nothing else (tests, builds) should run meanwhile.

import { runApiBench } from './api';
import { runCertificateBench } from './certificate';
import { runExportBench } from './exports';
import { printChecks } from './report';
import { runWebBench } from './web';

const rssBudgetMb = 300;

const api = await runApiBench();
const memoryPassed = printChecks('Память', [
  {
    name: `RSS сервера после API-бенчмарка (${api.database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
    figure: `${api.rssMb.toFixed(0)} МБ`,
    budget: `<= ${rssBudgetMb} МБ`,
    passed: api.rssMb <= rssBudgetMb,
  },
]);
const certificatePassed = await runCertificateBench();
console.log('');
// Streaming exports (issue 25): 100,000 applications as CSV and XLSX within the same memory budget.
const exportsPassed = await runExportBench(rssBudgetMb);
console.log('');
const webPassed = await runWebBench();

const passed = api.passed && memoryPassed && certificatePassed && exportsPassed && webPassed;
console.log(`\nИтог: ${passed ? 'все бюджеты выполнены' : 'есть невыполненные бюджеты'}`);
process.exit(passed ? 0 : 1);
