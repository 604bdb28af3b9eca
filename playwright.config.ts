import { defineConfig } from '@playwright/test';
import { sharedConfig } from './playwright.base';

export default defineConfig({
  ...sharedConfig,
  testDir: 'e2e',
  timeout: 30_000,
});
