import type { Page } from '@playwright/test';
import { openPage } from './support/navigation';
import { expect, test } from './support/test';

/** At 375 px nothing may stick out sideways: the page must not scroll horizontally. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280] as const) {
  test.describe(`static pages at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('the terms of service cover the rules and give a contact address', async ({ page }) => {
      await openPage(page, '/terms-of-service');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Пользовательское соглашение' }),
      ).toBeVisible();
      const main = page.getByRole('main');
      await expect(
        main.getByRole('heading', { name: 'Персональные данные несовершеннолетних' }),
      ).toBeVisible();
      await expect(main.getByRole('heading', { name: 'Модерация организаций' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'team@shkola-volonter.example' })).toHaveAttribute(
        'href',
        'mailto:team@shkola-volonter.example',
      );
      await expectNoHorizontalScroll(page);
      await main.getByRole('link', { name: 'Политика конфиденциальности' }).click();
      await expect(page).toHaveURL('/privacy-policy');
    });

    test('the privacy policy shows its edition', async ({ page }) => {
      await openPage(page, '/privacy-policy');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }),
      ).toBeVisible();
      await expect(page.getByText('Редакция от 08.07.2025')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('the volunteering placeholder sends visitors to events or to school sign-up', async ({ page }) => {
      await openPage(page, '/volunteer-development');
      await expect(page.getByRole('heading', { level: 1, name: 'Волонтерство в разработке' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Зарегистрировать школу' })).toHaveAttribute(
        'href',
        '/auth?tab=register&role=school',
      );
      await expectNoHorizontalScroll(page);
      await main.getByRole('link', { name: 'Найти мероприятия' }).click();
      await expect(page).toHaveURL('/events');
    });
  });
}
