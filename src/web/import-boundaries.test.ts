import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/decisions/009-web-layers-and-import-boundaries.md are Biome
 * `noRestrictedImports` rules in biome.json, run by `npm test` through `biome check`. Each case below
 * plants one import in a scratch copy of the tree's layout, lints it with the project's biome.json and
 * says whether the rule must stop it: a boundary that stops failing the lint (a pattern edited, an
 * override's folder renamed) fails here.
 */
const cases: { file: string; imports: string; blocked: boolean }[] = [
  // One feature never imports another, from any depth inside it, however the path is spelled.
  { file: 'src/web/features/events/cross.tsx', imports: '../applications/api/archive', blocked: true },
  { file: 'src/web/features/events/api/cross.ts', imports: '../../news/api/news-list', blocked: true },
  { file: 'src/web/features/events/api/deep/cross.ts', imports: '../../../auth/texts', blocked: true },
  { file: 'src/web/features/events/detour.tsx', imports: '../../features/news/news-card', blocked: true },
  { file: 'src/web/features/events/page.tsx', imports: '../../pages/home-page', blocked: true },
  // ...but uses its own files and the shared layer.
  { file: 'src/web/features/events/own.tsx', imports: './api/event', blocked: false },
  { file: 'src/web/features/events/api/own.ts', imports: '../event-form-values', blocked: false },
  { file: 'src/web/features/events/shared-api.ts', imports: '../../api/profile', blocked: false },
  { file: 'src/web/features/events/api/shared.ts', imports: '../../../components/ui/button', blocked: false },
  { file: 'src/web/features/events/schema.ts', imports: '../../../shared/events', blocked: false },
  // The shared layer never imports a feature or a page.
  {
    file: 'src/web/components/layout/feature.tsx',
    imports: '../../features/notifications/api',
    blocked: true,
  },
  { file: 'src/web/lib/feature.ts', imports: '../features/auth/api/login', blocked: true },
  { file: 'src/web/api/page.ts', imports: '../pages/dashboard-page', blocked: true },
  { file: 'src/web/lib/shared.ts', imports: '../components/ui/toast', blocked: false },
  // The component tests' helpers are shared too: every feature's tests use them, so they use no feature.
  { file: 'src/web/test/render.tsx', imports: '../features/events/events-page', blocked: true },
  { file: 'src/web/test/fixtures.ts', imports: '../../shared/events', blocked: false },
  { file: 'src/web/features/events/page.test.tsx', imports: '../../test/render', blocked: false },
  { file: 'src/web/features/events/api/event.test.ts', imports: '../../../test/fake-api', blocked: false },
  // The router and the pages compose features.
  { file: 'src/web/router-like.tsx', imports: './features/events/events-page', blocked: false },
  { file: 'src/web/pages/composed.tsx', imports: '../features/events/events-section', blocked: false },
  // The web app never imports the server.
  { file: 'src/web/entry-like.tsx', imports: '../server/app', blocked: true },
  { file: 'src/web/features/events/server.ts', imports: '../../../server/events/service', blocked: true },
  { file: 'src/web/lib/server.ts', imports: '../../server/db/client', blocked: true },
  { file: 'src/web/features/events/react.tsx', imports: 'react-dom/server', blocked: false },
  // The server imports the web app only through its server-rendering entry.
  { file: 'src/server/pages/entry.ts', imports: '../../web/entry-server', blocked: false },
  { file: 'src/server/pages/router.ts', imports: '../../web/router', blocked: true },
  { file: 'src/server/main-like.ts', imports: '../web/main', blocked: true },
  { file: 'src/server/pages/shared.ts', imports: '../../shared/server-rendering', blocked: false },
];

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
let scratch: string;
let blockedFiles: Set<string>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'import-boundaries-'));
  copyFileSync(path.join(projectRoot, 'biome.json'), path.join(scratch, 'biome.json'));
  for (const { file, imports } of cases) {
    mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    writeFileSync(
      path.join(scratch, file),
      `import { planted } from '${imports}';\n\nexport const used = planted;\n`,
    );
  }
  // The scratch folder is no git checkout: the project's VCS settings would make Biome refuse to run.
  const run = spawnSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', '--reporter=json', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  });
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  blockedFiles = new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location.path.split(path.sep).join('/')),
  );
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import boundaries (biome.json noRestrictedImports)', () => {
  it.each(cases)('$file importing $imports: blocked $blocked', ({ file, blocked }) => {
    expect(blockedFiles.has(file)).toBe(blocked);
  });
});
