import { defineConfig } from '@playwright/test';
import { sharedConfig } from './playwright.base';

// Journeys that read the whole catalogue's pages and counts, which the other journeys change as they run
// side by side: they run after all the others, alone.
const wholeCatalogue = ['list-addresses.spec.ts'];

export default defineConfig({
  ...sharedConfig,
  testDir: 'e2e',
  timeout: 30_000,
  projects: sharedConfig.projects.flatMap((project) => [
    { ...project, testIgnore: wholeCatalogue },
    {
      ...project,
      name: `${project.name}: whole catalogue`,
      testMatch: wholeCatalogue,
      dependencies: [project.name],
    },
  ]),
});
