import type { Page } from '@playwright/test';
import { activityTypeLabels } from '../src/shared/catalog';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

/*
 * Issue 22, item 9: the generated placeholders were loud colour blocks printing the title a second time
 * (a third in the news dialog, after a stray «·» line), foundation placeholders cut names mid-word, the
 * home page was 12,156 px long on a phone, and it said nothing of what the platform has done.
 */

/** Relative luminance (WCAG) of a colour as the browser paints it (Tailwind writes oklch()). */
function luminance([red, green, blue]: number[]): number {
  const [r = 0, g = 0, b = 0] = [red, green, blue].map((value = 0) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Russian plural form picked by the textbook rule, not by the product's helper, so the two can disagree. */
function russianPlural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (units === 1 && tens !== 11) return one;
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return few;
  return many;
}

const textOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim());

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const viewport = viewports.phone;
test.describe(`at ${viewport.width} px (phone)`, () => {
  test.use({ viewport });

  test('an event without a picture shows a calm placeholder with its activity icon and no title', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPage(page, '/events');
    const card = page
      .getByRole('main')
      .locator('article')
      .filter({ has: page.locator('div[role="img"]') })
      .first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const placeholder = card.getByRole('img', { name: title });
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toHaveText('');
    // The icon is the one of the activity type the card's badge names.
    const icon = placeholder.locator('svg[data-activity-icon]');
    await expect(icon).toBeVisible();
    const type = (await icon.getAttribute('data-activity-icon')) as keyof typeof activityTypeLabels;
    await expect(card.getByText(activityTypeLabels[type], { exact: true })).toBeVisible();
    // A soft tint, not a saturated block: light enough that dark ink sits on it.
    const background = await placeholder.evaluate((element) => {
      const canvas = document.createElement('canvas').getContext('2d');
      if (!canvas) return [];
      canvas.fillStyle = getComputedStyle(element).backgroundColor;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    });
    expect(luminance(background)).toBeGreaterThan(0.7);
  });

  test('the news dialog has no stray «·» line and no block repeating the title', async ({ page }) => {
    const title = 'Концерт, который растрогал ветеранов';
    await openPage(page, '/news');
    const card = page.getByRole('main').locator('article').filter({ hasText: title });
    await expect(card.getByRole('img', { name: title })).toHaveText('');
    await card.getByRole('button', { name: /Читать полностью/ }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Благотворительный фонд «Добрые руки»', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^\s*·/)).toHaveCount(0);
    // The item has no picture: nothing stands in for one, and the title is written once, as the heading.
    await expect(dialog.getByRole('img')).toHaveCount(0);
    // Only the heading shows the title (the dialog's description repeats it for screen readers only).
    const shownTitles = await dialog.evaluate(
      (element, wanted) =>
        [...element.querySelectorAll('*')].filter(
          (node) => node.textContent?.trim() === wanted && (node as HTMLElement).offsetHeight > 1,
        ).length,
      title,
    );
    expect(shownTitles).toBe(1);
  });

  test('the home page is short, links to the full lists and shows the platform’s real impact', async ({
    page,
    request,
  }) => {
    // Drawn by the server like the rest of the page, not filled in later by the scripts.
    const drawn = await (await request.get('/')).text();
    expect(drawn).toContain('data-impact="hoursCredited"');

    await openPage(page, '/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^Все мероприятия/ })).toHaveAttribute('href', '/events');
    await expect(main.getByRole('link', { name: /^Все фонды/ })).toHaveAttribute('href', '/foundations');
    await expect(main.getByRole('link', { name: /^Все новости/ })).toHaveAttribute('href', '/news');

    const words: Record<string, [string, string, string]> = {
      schools: ['школа', 'школы', 'школ'],
      foundations: ['фонд', 'фонда', 'фондов'],
      eventsHeld: ['мероприятие проведено', 'мероприятия проведено', 'мероприятий проведено'],
      hoursCredited: [
        'волонтёрский час засчитан',
        'волонтёрских часа засчитано',
        'волонтёрских часов засчитано',
      ],
    };
    // Each figure is a number and the word that agrees with it. The numbers themselves move while other
    // journeys run; which number gives which word is impact-section.test.tsx's.
    for (const [key, [one, few, many]] of Object.entries(words)) {
      const shown = await textOf(page, `[data-impact="${key}"]`);
      const count = Number(/^[\d\s]+/.exec(shown)?.[0].replace(/\s/g, '') ?? -1);
      expect(count, shown).toBeGreaterThanOrEqual(0);
      expect(shown).toBe(
        `${count.toLocaleString('ru-RU').replace(/\s/g, ' ')} ${russianPlural(count, one, few, many)}`,
      );
    }

    const size = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      width: document.documentElement.scrollWidth,
    }));
    // Swiped rows of cards must not make the page itself scroll sideways.
    expect(size.width).toBeLessThanOrEqual(viewport.width);
    if (viewport.width < 640) {
      // 12,156 px before; under half of it now (measured 5,6xx px with the demo data).
      expect(size.height).toBeLessThan(6000);
      // Every card is still there to swipe to: the row holds the whole first page.
      const row = page.locator('#events [data-card-list]');
      await expect(row.locator('article')).toHaveCount(6);
      expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    }
  });
});
