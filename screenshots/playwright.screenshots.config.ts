import { defineConfig } from '@playwright/test';
import { sharedConfig } from '../playwright.base';
import './output';

/** `npm run screenshots`: the screenshot journey, on the browser tests' server and browser. */
export default defineConfig({
  ...sharedConfig,
  testDir: '.',
  // Each role's journey takes four full-page pictures of every screen.
  timeout: 300_000,
  globalTeardown: './report-folder.ts',
});
