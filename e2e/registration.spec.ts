import { expect, type Page, test } from '@playwright/test';

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });

async function signUpSchool(page: Page): Promise<number> {
  const username = `school_${Date.now().toString(36)}`;
  const response = await page.request.post('/api/register', {
    data: { username, password: 'secret123', role: 'school' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function approve(page: Page, userId: number) {
  const admin = await page.context().browser()?.newContext({ baseURL: 'http://127.0.0.1:3199' });
  if (!admin) throw new Error('no browser');
  expect(
    (
      await admin.request.post('/api/admin/login', {
        data: { username: 'admin', password: 'e2e-admin-password' },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await admin.request.patch(`/api/admin/organizations/${userId}/moderate`, {
        data: { status: 'approved' },
      })
    ).ok(),
  ).toBe(true);
  await admin.close();
}

/** An upcoming demo event with places left and no age limit. */
async function openEvent(page: Page) {
  const events = (await (await page.request.get('/api/events?limit=100')).json()) as {
    id: number;
    isPastEvent: boolean;
    remainingSlots: number | null;
    availability: string;
  }[];
  const event = events.find(
    (item) => !item.isPastEvent && item.availability === 'available' && item.remainingSlots !== null,
  );
  if (!event) throw new Error('no open demo event');
  await page.goto(`/events/${event.id}`);
  return event;
}

test('a school waiting for moderation is told to wait', async ({ page }) => {
  await signUpSchool(page);
  await openEvent(page);
  await expect(
    page.getByText('Дождитесь одобрения модератором чтобы регистрироваться на мероприятия'),
  ).toBeVisible();
});

test('an approved school applies through the card, sees its state and cancels', async ({ page }) => {
  await approve(page, await signUpSchool(page));
  const event = await openEvent(page);

  await page.getByRole('button', { name: 'Записаться' }).click();
  const count = page.getByLabel('Количество участников *');
  await count.fill('0');
  await page.getByLabel('Контактное лицо *').fill('Елена Викторовна');
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page.getByText('Минимум 1 участник')).toBeVisible();

  await count.fill(String((event.remainingSlots ?? 0) + 1));
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page.getByText(`Максимум ${event.remainingSlots} участников (доступно мест)`)).toBeVisible();

  await count.fill('3');
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page.getByText('Заполните контактное лицо и хотя бы один способ связи')).toBeVisible();

  await page.getByLabel('Телефон').fill('+7 (499) 245-12-12');
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(toastText(page, 'Заявка подана!')).toBeVisible();
  await expect(page.getByText('Ожидает одобрения')).toBeVisible();

  await page.getByRole('button', { name: 'Отменить заявку' }).click();
  await page
    .getByRole('alertdialog', { name: 'Отменить заявку?' })
    .getByRole('button', { name: 'Отменить заявку' })
    .click();
  await expect(toastText(page, 'Успешно!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Записаться' })).toBeVisible();
});

test('a school sees its applications by status and cancels one from the list', async ({ page }) => {
  const userId = await signUpSchool(page);
  await approve(page, userId);
  const profile = await page.request.patch('/api/profile', {
    data: {
      username: `school_list_${Date.now().toString(36)}`,
      fullName: 'Гимназия № 1543',
      schoolType: 'state',
      description: 'Школа с волонтёрским отрядом из 120 учеников.',
      address: 'Москва, ул. 26 Бакинских Комиссаров, д. 3',
      phone: '+7 (495) 433-16-44',
      email: 'school@example.org',
    },
  });
  expect(profile.ok()).toBe(true);
  const event = await openEvent(page);
  const applied = await page.request.post(`/api/events/${event.id}/register`, {
    data: {
      participantCount: 2,
      contactPerson: 'Елена',
      contactPhone: '+7 (499) 245-12-12',
      applicationNote: 'Придут 9 «А»',
    },
  });
  expect(applied.status()).toBe(201);

  await page.goto('/school-applications');
  await expect(page.getByRole('tab', { name: 'Ожидают (1)' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('listitem').filter({ hasText: 'Придут 9 «А»' });
  await expect(card.getByText('Ожидает одобрения')).toBeVisible();
  await card.getByRole('button', { name: 'Отменить заявку' }).click();
  await page
    .getByRole('alertdialog', { name: 'Отменить заявку?' })
    .getByRole('button', { name: 'Отменить заявку' })
    .click();
  await expect(toastText(page, 'Заявка отменена')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ожидают (0)' })).toBeVisible();
  await expect(page.getByText('Заявок, ожидающих решения, нет')).toBeVisible();
});
