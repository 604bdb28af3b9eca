import { expect, test } from '@playwright/test';

for (const width of [375, 1280] as const) {
  test.describe(`static pages at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('the FAQ page searches, filters by category and opens one answer at a time', async ({ page }) => {
      await page.goto('/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Часто задаваемые вопросы' })).toBeVisible();
      const questions = page.getByRole('main').getByRole('button', { expanded: false });
      await expect(questions).toHaveCount(14);

      await page.getByRole('searchbox', { name: 'Поиск по вопросам' }).fill('согласи');
      await expect(page.getByRole('button', { name: 'Можно ли участвовать младше 14 лет?' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Сколько стоит участие?' })).toHaveCount(0);

      await page.getByRole('searchbox', { name: 'Поиск по вопросам' }).fill('абракадабра');
      await expect(page.getByText('Ничего не найдено')).toBeVisible();

      await page.getByRole('searchbox', { name: 'Поиск по вопросам' }).fill('');
      await page.getByRole('button', { name: 'Фондам' }).click();
      await expect(page.getByRole('button', { name: 'Фондам' })).toHaveAttribute('aria-pressed', 'true');
      await expect(
        page.getByRole('button', { name: 'Как фонду начать публиковать мероприятия?' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Как записать учеников на мероприятие?' })).toHaveCount(
        0,
      );

      const first = page.getByRole('button', { name: 'Как фонду начать публиковать мероприятия?' });
      const second = page.getByRole('button', { name: 'Как рассматривать заявки школ?' });
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(
        page.getByRole('main').getByRole('link', { name: 'team@shkola-volonter.example' }),
      ).toBeVisible();
    });

    test('the home FAQ keeps one answer open and the /#faq anchor scrolls to it', async ({ page }) => {
      await page.goto('/#faq');
      const section = page.locator('#faq');
      await expect(section).toBeInViewport();
      const hours = section.getByRole('button', { name: 'Как засчитываются волонтёрские часы?' });
      const age = section.getByRole('button', { name: 'Можно ли участвовать младше 14 лет?' });
      await hours.click();
      await expect(section.getByText('Часы подтверждает организатор')).toBeVisible();
      await age.click();
      await expect(section.getByText('с письменного согласия родителей')).toBeVisible();
      await expect(hours).toHaveAttribute('aria-expanded', 'false');
    });

    test('the legal pages and the volunteering placeholder open', async ({ page }) => {
      await page.goto('/terms-of-service');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Пользовательское соглашение' }),
      ).toBeVisible();
      await page.goto('/privacy-policy');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }),
      ).toBeVisible();
      await expect(page.getByText('Редакция от 08.07.2025')).toBeVisible();
      await page.goto('/volunteer-development');
      await expect(page.getByRole('heading', { level: 1, name: 'Волонтерство в разработке' })).toBeVisible();
      await page.getByRole('link', { name: 'Найти мероприятия' }).click();
      await expect(page).toHaveURL('/events');
    });
  });
}
