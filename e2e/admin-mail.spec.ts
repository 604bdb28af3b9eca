import { openPage } from './support/navigation';
import { expect, test } from './support/test';

test.use({ viewport: { width: 375, height: 740 } });

test('the administrator sees the outbox and that no letter failed, at a phone’s width', async ({ page }) => {
  const login = await page.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.status()).toBe(200);
  await openPage(page, '/admin');
  await page.getByRole('tab', { name: 'Почта' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Почта' })).toBeVisible();
  await expect(page.getByText(/^Отправлено за сутки: \d+ (письмо|письма|писем)$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Не доставлены' })).toBeVisible();
  // The journeys' server writes its letters into files, which never refuse one.
  await expect(page.getByText('Все письма доставлены')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
