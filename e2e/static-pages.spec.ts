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

    test('the FAQ page searches, filters by category and opens one answer at a time', async ({ page }) => {
      await openPage(page, '/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Часто задаваемые вопросы' })).toBeVisible();
      const main = page.getByRole('main');
      const questions = main.getByRole('button', { expanded: false });
      await expect(questions).toHaveCount(14);
      await expectNoHorizontalScroll(page);

      const search = page.getByRole('searchbox', { name: 'Поиск по вопросам' });
      await search.fill('СОГЛАСИ');
      await expect(main.getByRole('button', { name: 'Можно ли участвовать младше 14 лет?' })).toBeVisible();
      await expect(
        main.getByRole('button', { name: 'Нужна ли регистрация, чтобы посмотреть мероприятия?' }),
      ).toHaveCount(0);
      expect(await questions.count()).toBeLessThan(14);

      // Typed with е, written with ё in the question.
      await search.fill('волонтер сам');
      await expect(
        main.getByRole('button', { name: 'Могу ли я зарегистрироваться как волонтёр сам, без школы?' }),
      ).toBeVisible();
      await expect(questions).toHaveCount(1);

      await search.fill('абракадабра');
      await expect(page.getByText('Ничего не найдено')).toBeVisible();
      await expect(questions).toHaveCount(0);
      await page.getByRole('button', { name: 'Сбросить поиск' }).click();
      await expect(search).toHaveValue('');
      await expect(questions).toHaveCount(14);

      const foundations = main.getByRole('button', { name: 'Фондам', exact: true });
      await foundations.click();
      await expect(foundations).toHaveAttribute('aria-pressed', 'true');
      await expect(main.getByRole('button', { name: 'Все', exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(questions).toHaveCount(2);
      await expect(main.getByRole('button', { name: 'Как записать учеников на мероприятие?' })).toHaveCount(
        0,
      );

      const first = main.getByRole('button', { name: 'Как фонду начать публиковать мероприятия?' });
      const second = main.getByRole('button', { name: 'Как рассматривать заявки школ?' });
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(main.getByText('дождитесь проверки модератора')).toBeVisible();
      await second.click();
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(main.getByText('дождитесь проверки модератора')).toBeHidden();

      const support = main.getByRole('region', { name: 'Не нашли ответа?' });
      await expect(support.getByText('в течение 24 часов')).toBeVisible();
      await expect(support.getByRole('link', { name: 'team@shkola-volonter.example' })).toHaveAttribute(
        'href',
        'mailto:team@shkola-volonter.example',
      );
      await expect(support.getByRole('link', { name: 'Сообщество в Telegram' })).toHaveAttribute(
        'href',
        /^https:\/\/t\.me\//,
      );
    });

    test('the home FAQ keeps one answer open and links to all questions', async ({ page }) => {
      await openPage(page, '/#faq');
      const section = page.locator('#faq');
      await expect(section).toBeInViewport();
      await expect(section.getByRole('button', { expanded: false })).toHaveCount(5);
      const hours = section.getByRole('button', { name: 'Как засчитываются волонтёрские часы?' });
      const age = section.getByRole('button', { name: 'Можно ли участвовать младше 14 лет?' });
      await hours.click();
      await expect(section.getByText('Часы подтверждает организатор')).toBeVisible();
      await age.click();
      await expect(section.getByText('с письменного согласия родителей')).toBeVisible();
      await expect(hours).toHaveAttribute('aria-expanded', 'false');
      await age.click();
      await expect(age).toHaveAttribute('aria-expanded', 'false');

      await section.getByRole('link', { name: 'Все вопросы' }).click();
      await expect(page).toHaveURL('/faq');
      await expect(page.getByRole('heading', { level: 1, name: 'Часто задаваемые вопросы' })).toBeVisible();
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
