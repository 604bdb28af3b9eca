import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/**
 * The browser tests' `test`: every journey fails on an error in the console of any page it opens (its
 * own page and the pages of contexts it makes for a second school or the administrator) or on an
 * uncaught exception, as issue 22 asks. A journey that provokes an error on purpose (a picture
 * answering 404, a refused request) names it with `expectConsoleErrors`, so only what it expects passes.
 */
type ConsoleGuard = {
  /** Errors the journey provokes on purpose; each pattern is matched against the message text. */
  expectConsoleErrors: (...patterns: RegExp[]) => void;
  consoleErrors: { errors: string[]; expected: RegExp[] };
};

function listen(page: Page, errors: string[]) {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
}

function watchContext(context: BrowserContext, errors: string[]) {
  for (const page of context.pages()) listen(page, errors);
  context.on('page', (page) => listen(page, errors));
}

export const test = base.extend<ConsoleGuard>({
  consoleErrors: [
    async ({ context, browser }, use) => {
      const watched = { errors: [] as string[], expected: [] as RegExp[] };
      watchContext(context, watched.errors);
      // Contexts the journey makes itself are watched too; the browser is shared by the worker's
      // tests, so its method is given back afterwards.
      const newContext = browser.newContext;
      const watchedBrowser = browser as Browser & { newContext: Browser['newContext'] };
      watchedBrowser.newContext = async (...options) => {
        const made = await newContext.apply(browser, options);
        watchContext(made, watched.errors);
        return made;
      };
      try {
        await use(watched);
      } finally {
        watchedBrowser.newContext = newContext;
      }
      const unexpected = watched.errors.filter(
        (text) => !watched.expected.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, 'ошибки в консоли браузера').toEqual([]);
    },
    { auto: true },
  ],
  expectConsoleErrors: async ({ consoleErrors }, use) => {
    await use((...patterns) => {
      consoleErrors.expected.push(...patterns);
    });
  },
});

export { expect };
