import { openPage } from './support/navigation';
import { expect, test } from './support/test';

/*
 * Issue 23: the API's contract is an OpenAPI document generated from the routes, with a readable
 * reference at /api/docs whose scripts no public page ever loads.
 */

test('/api/docs shows the operations of the generated document with their answers', async ({ page }) => {
  const document = (await (await page.request.get('/api/openapi.json')).json()) as { tags: unknown[] };
  await page.goto('/api/docs');
  // Every group of the document is listed, closed; opening one shows its operations.
  await expect(page.locator('.opblock-tag')).toHaveCount(document.tags.length);
  await page
    .locator('.opblock-tag')
    .filter({ hasText: /^events/ })
    .click();
  const eventList = page.locator('.opblock').filter({ hasText: '/api/events' }).first();
  await expect(eventList).toBeVisible();
  await eventList.locator('.opblock-summary').click();
  await expect(eventList.locator('.responses-table').first()).toContainText('200');
  await page
    .locator('.opblock-tag')
    .filter({ hasText: /^administration/ })
    .click();
  await expect(
    page.locator('.opblock').filter({ hasText: '/api/admin/organizations/{id}/moderate' }),
  ).toHaveCount(1);
});

test("the public pages load none of the reference's code", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  const requested: string[] = [];
  page.on('response', (response) => {
    requested.push(new URL(response.url()).pathname);
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  for (const address of ['/', '/events', '/foundations', '/news', '/faq']) {
    await openPage(page, address);
  }
  expect(requested.filter((path) => path.startsWith('/api/docs') || path === '/api/openapi.json')).toEqual(
    [],
  );
  const code = await Promise.all(scripts);
  expect(code.length).toBeGreaterThan(0);
  expect(code.filter((text) => text.includes('SwaggerUI'))).toEqual([]);
});
