import { defineConfig } from '@playwright/test';
import { sharedConfig } from './playwright.base';

/*
 * Journeys that touch the whole catalogue run after all the others, each alone, in this order:
 * broken-images publishes a news item whose picture fails, which a journey opening the news meanwhile
 * took for an error of its own (seen with three workers); list-addresses reads every page's counts, which
 * the other journeys change as they run.
 */
const aloneAtTheEnd = ['broken-images.spec.ts', 'list-addresses.spec.ts'];

export default defineConfig({
  ...sharedConfig,
  testDir: 'e2e',
  timeout: 30_000,
  projects: sharedConfig.projects.flatMap((project) => [
    { ...project, testIgnore: aloneAtTheEnd },
    ...aloneAtTheEnd.map((file, index) => ({
      ...project,
      name: `${project.name}: ${file}`,
      testMatch: file,
      dependencies: [index === 0 ? project.name : `${project.name}: ${aloneAtTheEnd[index - 1]}`],
    })),
  ]),
});
