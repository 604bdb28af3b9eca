import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { viewports } from './support/axe';
import { openPage } from './support/navigation';
import { baseURL } from './support/organisations';
import { expect, test } from './support/test';

/*
 * Issue 22, item 3: a news item had no address of its own, so it could not be linked or shared.
 * Item 5: every page had the same <title> and no link-preview tags, and not-found pages answered 200.
 * Item 9 (part): «Мероприятие не найдено» was bare text while «Фонд не найден» was a card.
 */

const siteName = 'Школьное волонтёрство';

/** A published news item made by the administrator, removed again by the returned function. */
async function createNews(browser: Browser, title: string) {
  const admin = await browser.newContext({ baseURL });
  const login = await admin.request.post('/api/admin/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  expect(login.ok()).toBe(true);
  const created = await admin.request.post('/api/admin/news', {
    data: { title, content: 'Школьники убрали берег реки и посадили двадцать деревьев.', category: 'news' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return {
    id,
    async remove() {
      await admin.request.delete(`/api/admin/news/${id}`);
      await admin.close();
    },
  };
}

/** The content of a <meta> in server-drawn HTML, by its property or name. */
const metaOf = (html: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(html)?.[1];

/**
 * The lists, each narrowed to demo content: the first row of a whole list is often another journey's,
 * which it may delete while this one reads it (docs/journeys.md §3). The volunteer requests list the
 * newest first, so its last link on the first page is one of the demo requests, the oldest.
 */
const demoLists = {
  events: { list: `/events?search=${encodeURIComponent('Реставрационный субботник')}`, prefix: '/events/' },
  foundations: {
    list: `/foundations?search=${encodeURIComponent('Зелёный город')}`,
    prefix: '/foundations/',
  },
  requests: { list: '/volunteer-requests', prefix: '/volunteer-requests/', last: true },
};

/** A link of a list page to one of its detail pages: the first, or the last where the list says so. */
async function detailPath(
  page: Page,
  { list, prefix, last }: { list: string; prefix: string; last?: boolean },
): Promise<string> {
  await openPage(page, list);
  const links = page.getByRole('main').locator(`a[href^="${prefix}"]`);
  const href = await (last ? links.last() : links.first()).getAttribute('href');
  if (!href) throw new Error(`${list} links to no ${prefix} page`);
  return href;
}

/** The server-drawn page's link-preview tags are absolute, and its picture is a real image. */
async function expectPreviewTags(request: APIRequestContext, path: string, title: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  expect(html, path).toContain(`<title>${title} — ${siteName}</title>`);
  expect(metaOf(html, 'og:title'), path).toBe(`${title} — ${siteName}`);
  expect(metaOf(html, 'og:description'), path).toBeTruthy();
  expect(metaOf(html, 'og:type'), path).toMatch(/^(article|website)$/);
  expect(metaOf(html, 'og:url'), path).toBe(new URL(path, baseURL).href);
  expect(html, path).toContain(`<link rel="canonical" href="${new URL(path, baseURL).href}"`);
  expect(metaOf(html, 'twitter:card'), path).toBe('summary_large_image');
  const image = metaOf(html, 'og:image') ?? '';
  expect(image, path).toMatch(/^https?:\/\//);
  expect(metaOf(html, 'twitter:image'), path).toBe(image);
  // Pictures of the demo data may live elsewhere; the site's own (uploads, generated cards) must load.
  if (image.startsWith(baseURL)) {
    const picture = await request.get(image);
    expect(picture.status(), image).toBe(200);
    expect(picture.headers()['content-type'], image).toMatch(/^image\//);
  }
}

// At a phone's width only: the laptop's copy of each journey asserted nothing the phone's does not
// (docs/journeys.md, issue 52).
const viewport = viewports.phone;
test.describe(`at ${viewport.width} px (phone)`, () => {
  test.use({ viewport });

  test('a news item has its own server-drawn page, reached from the list and shared with a preview', async ({
    browser,
    page,
  }) => {
    const title = `Берег реки стал чище ${viewport.width} ${Date.now().toString(36)}`;
    const news = await createNews(browser, title);
    try {
      const path = `/news/${news.id}`;
      // Drawn by the server: the item is in the HTML before any script runs.
      const html = await (await page.request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain(`>${title}</h1>`);
      await expectPreviewTags(page.request, path, title);
      // No picture of its own: the preview shows the generated card.
      expect(metaOf(html, 'og:image')).toBe(new URL(`/api/share-cards/news/${news.id}`, baseURL).href);

      await openPage(page, path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} — ${siteName}`);

      // From the list: the card's title is the item's address.
      await openPage(page, '/news');
      await expect(page).toHaveTitle(`Новости — ${siteName}`);
      await page.getByRole('main').getByRole('link', { name: title }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveTitle(`${title} — ${siteName}`);

      // The dialog offers the address too.
      await openPage(page, '/news');
      await page.getByRole('button', { name: new RegExp(`^Читать полностью.*${title}$`) }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog.getByRole('link', { name: 'Открыть страницу новости' })).toHaveAttribute(
        'href',
        path,
      );
    } finally {
      await news.remove();
    }
  });

  test('a missing event, foundation, news item or request and an unknown address share one not-found design and answer 404', async ({
    page,
    expectConsoleErrors,
  }) => {
    // The browser reports each 404 page it is sent, which is what this journey asks for.
    expectConsoleErrors(/status of 404 \(Not Found\)/);
    const missing = [
      { path: '/events/987654321', heading: 'Мероприятие не найдено', back: 'Ко всем мероприятиям' },
      { path: '/foundations/987654321', heading: 'Фонд не найден', back: 'Ко всем фондам' },
      { path: '/news/987654321', heading: 'Новость не найдена', back: 'Ко всем новостям' },
      { path: '/news/abc', heading: 'Новость не найдена', back: 'Ко всем новостям' },
      { path: '/volunteer-requests/987654321', heading: 'Заявка не найдена', back: 'Ко всем заявкам' },
      { path: '/no-such-page', heading: '404 — страница не найдена', back: 'На главную' },
    ];
    const designs = new Set<string>();
    for (const { path, heading, back } of missing) {
      const drawn = await page.request.get(path);
      expect(drawn.status(), path).toBe(404);
      expect(await drawn.text(), path).toContain(`<title>${heading} — ${siteName}</title>`);

      await openPage(page, path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title, path).toBeVisible();
      const card = page.getByRole('main').locator('div', { has: title }).last();
      await expect(card.getByRole('link', { name: back }), path).toBeVisible();
      designs.add((await card.getAttribute('class')) ?? '');
      await expect(page).toHaveTitle(`${heading} — ${siteName}`);
    }
    expect([...designs]).toHaveLength(1);
  });

  test('every public page has its own title, and detail pages carry link-preview tags', async ({ page }) => {
    const publicPages = [
      '/',
      '/events',
      '/foundations',
      '/news',
      '/faq',
      '/volunteer-requests',
      '/terms-of-service',
      '/privacy-policy',
      '/volunteer-development',
    ];
    const titles = new Map<string, string>();
    for (const path of publicPages) {
      const html = await (await page.request.get(path)).text();
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(metaOf(html, 'description'), path).toBeTruthy();
      titles.set(path, title);
    }
    expect(new Set(titles.values()).size, JSON.stringify([...titles])).toBe(publicPages.length);

    for (const list of Object.values(demoLists)) {
      const path = await detailPath(page, list);
      await openPage(page, path);
      const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())?.trim() ?? '';
      await expect(page).toHaveTitle(`${heading} — ${siteName}`);
      await expectPreviewTags(page.request, path, heading);
    }
  });

  test('the title follows the visitor from page to page without a reload', async ({ page }) => {
    await openPage(page, '/');
    await expect(page).toHaveTitle(siteName);
    await page.getByRole('main').getByRole('link', { name: 'Все новости' }).click();
    await expect(page).toHaveURL('/news');
    await expect(page).toHaveTitle(`Новости — ${siteName}`);

    const eventPath = await detailPath(page, demoLists.events);
    await expect(page).toHaveTitle(`Все мероприятия — ${siteName}`);
    await page.getByRole('main').locator(`a[href="${eventPath}"]`).first().click();
    await expect(page).toHaveURL(eventPath);
    const heading = page.getByRole('heading', { level: 1 });
    // The address changes before the event's page replaces the list's heading.
    await expect(heading).not.toHaveText('Все мероприятия');
    await expect(page).toHaveTitle(`${(await heading.textContent())?.trim()} — ${siteName}`);
  });
});
