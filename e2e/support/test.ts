import { test as base, expect, type Page } from '@playwright/test';

/**
 * The browser tests' `test`: every journey fails on an error in the page's console or an uncaught
 * exception (issue 22: "the browser tests fail on any console error"). A journey that provokes an
 * error on purpose (a picture answering 404, a refused request) names it with `expectConsoleErrors`,
 * so only what it expects passes.
 */
type ConsoleGuard = {
  /** Errors the journey provokes on purpose; each pattern is matched against the message text. */
  expectConsoleErrors: (...patterns: RegExp[]) => void;
};

const guards = new WeakMap<Page, RegExp[]>();

export const test = base.extend<ConsoleGuard & { consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      guards.set(page, []);
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      const expected = guards.get(page) ?? [];
      const unexpected = errors.filter((text) => !expected.some((pattern) => pattern.test(text)));
      expect(unexpected, 'ошибки в консоли браузера').toEqual([]);
    },
    { auto: true },
  ],
  expectConsoleErrors: async ({ page }, use) => {
    await use((...patterns) => {
      guards.get(page)?.push(...patterns);
    });
  },
});

export { expect };
