import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devices, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/support/chromium';

/*
 * What the browser tests (playwright.config.ts) and the screenshot journey
 * (screenshots/playwright.screenshots.config.ts) share: the server they start and the browser they drive.
 */

// E2E_PORT lets two checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 3199);
// One throw-away database per run; workers inherit the variable, so they agree on it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'volunteer-e2e-'));

export const sharedConfig = {
  fullyParallel: false,
  // Two files side by side: every journey now reads its own rows or named demo ones, and the whole-
  // catalogue journeys run last, alone (docs/decisions/082-journeys-side-by-side.md). On two cores the
  // run took 13.0 min against 18.9 with one worker. E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ru-RU',
    // Recording a trace for every journey to keep the failing ones took a quarter of the run's time (two
    // files: 330 s with it, 240 s without); a failure still leaves its page's snapshot in test-results/,
    // and `npx playwright test <file> --trace retain-on-failure` records one when it is needed.
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // start.mjs (which this runs beside a real SMTP server, so that letters go out over SMTP) builds the
    // bundle first when it is missing or stale, so this also works on its own.
    command: 'node e2e/support/server-with-smtp.mjs',
    // A config in a sub-folder would otherwise start the server there, where start.mjs finds no sources.
    cwd: import.meta.dirname,
    url: `http://127.0.0.1:${port}/api/notifications/check`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-admin-password',
      DATABASE_URL: '',
      // The journeys sign up dozens of accounts from one address; the limit itself has API tests.
      AUTH_RATE_LIMIT: '1000',
      // Each sign-up and sign-in hashes a password, at the default cost 0.4-0.7 s of a core, one at a
      // time: two thirds of the server's work in dashboards.spec.ts (77 s, 23 s with this). The hash's
      // strength has tests of its own.
      SCRYPT_N: '1024',
    },
  },
} satisfies PlaywrightTestConfig;
