import { openPage, reloadPage } from './support/navigation';
import { expect, test } from './support/test';

/*
 * Issue 22, item 1: a visitor who had picked a theme got React's hydration error #418 on every page the
 * server drew, because the theme button read the saved theme while React was adopting the server's
 * markup, drawn for a visitor without one. The button now shows the server's state while hydrating and
 * the saved theme right after.
 */

const serverDrawnPages = ['/', '/events', '/foundations', '/news', '/faq'];

for (const [width, saved] of [375, 1280].flatMap((size) =>
  (['dark', 'light'] as const).map((theme) => [size, theme] as const),
)) {
  test(`a returning visitor with the ${saved} theme sees no error on any server-drawn page at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await openPage(page, '/');
    await page.evaluate((theme) => localStorage.setItem('theme', theme), saved);
    for (const url of serverDrawnPages) {
      await openPage(page, url);
      await reloadPage(page);
      const label = saved === 'dark' ? 'Тема: тёмная' : 'Тема: светлая';
      await expect(page.getByRole('banner').getByTitle(label)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(saved === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    }
    expect(problems).toEqual([]);
  });
}
