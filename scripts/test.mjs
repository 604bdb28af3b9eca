// `npm test`: everything, in the order that fails fastest. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Проверка типов', 'npx', ['tsc', '--noEmit']],
  ['Линтер и форматирование', 'npx', ['biome', 'check', '.']],
  ['Модульные и API-тесты', 'npx', ['vitest', 'run']],
  ['Сборка', process.execPath, ['scripts/build.mjs']],
  ['Браузерные тесты', 'npx', ['playwright', 'test']],
];

for (const [title, command, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${title}: не прошло`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} с)`);
}
