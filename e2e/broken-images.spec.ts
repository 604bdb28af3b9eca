import { openPage } from './support/navigation';
import { baseURL } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 22, item 2: a picture that fails on a page the server drew showed the browser's broken-image
 * icon and its alt text: it failed before the scripts arrived, when nothing listened for its error, so
 * the generated placeholder never replaced it.
 */

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const width = 375;
test(`a news picture that fails to load shows the generated placeholder on the server-drawn page at ${width} px`, async ({
  browser,
  page,
  expectConsoleErrors,
}) => {
  // The failing picture is the point of the journey; the browser reports it in the console.
  expectConsoleErrors(/net::ERR_NAME_NOT_RESOLVED .*missing\.jpg\)$/);
  await page.setViewportSize({ width, height: 900 });
  const title = `Новость с пропавшей картинкой ${width} ${Date.now().toString(36)}`;
  const admin = await browser.newContext({ baseURL });
  const login = await admin.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  const created = await admin.request.post('/api/admin/news', {
    data: {
      title,
      content: 'Картинка этой новости больше не существует.',
      category: 'news',
      // The reserved .invalid domain never resolves: the picture fails at once, and without any network.
      image: 'https://pictures.example.invalid/missing.jpg',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await openPage(page, '/news');
    const card = page.getByRole('main').getByRole('img', { name: title });
    await expect(card).toBeVisible();
    await expect(card).not.toHaveJSProperty('tagName', 'IMG');
    await expect(page.locator(`img[alt="${title}"]`)).toHaveCount(0);
  } finally {
    // The journeys share one database; the other pages' tests expect every picture to load.
    expect((await admin.request.delete(`/api/admin/news/${id}`)).ok()).toBe(true);
    await admin.close();
  }
});
