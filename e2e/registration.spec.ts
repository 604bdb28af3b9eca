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

test('a foundation rejects with a reason and approves, ten to a page', async ({ page, browser }) => {
  // A foundation of the demo catalogue is needed, so one is signed up and approved, and gets an event.
  const foundation = await browser.newContext({ baseURL: 'http://127.0.0.1:3199' });
  const foundationPage = await foundation.newPage();
  const signUp = await foundationPage.request.post('/api/register', {
    data: { username: `fond_${Date.now().toString(36)}`, password: 'secret123', role: 'foundation' },
  });
  const foundationId = ((await signUp.json()) as { id: number }).id;
  await approve(page, foundationId);
  const profile = await foundationPage.request.patch('/api/profile', {
    data: {
      username: `fond_r_${Date.now().toString(36)}`,
      fullName: 'Фонд «Проверка заявок»',
      description: 'Фонд для проверки рассмотрения заявок школ.',
      address: 'Москва, ул. Лесная, д. 12, офис 4',
      phone: '+7 (495) 123-45-67',
      email: 'fond@example.org',
      directions: ['social'],
    },
  });
  expect(profile.ok()).toBe(true);
  const inTenDays = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const created = await foundationPage.request.post('/api/events', {
    data: {
      title: 'Проверка заявок школ',
      description: 'Мероприятие, на которое школы подают заявки.',
      date: inTenDays,
      startTime: '10:00',
      endTime: '12:00',
      location: 'Москва, парк Горького',
      activityType: 'social',
      minParticipants: 1,
      totalSlots: 30,
      hours: 2,
      contactPersonName: 'Наталья',
      contactPersonPhone: '+7 (495) 987-65-43',
      contactPersonEmail: 'natalia@example.org',
    },
  });
  const eventId = ((await created.json()) as { id: number }).id;

  const schoolPages: Page[] = [];
  for (const note of ['Первая школа', 'Вторая школа']) {
    const school = await browser.newContext({ baseURL: 'http://127.0.0.1:3199' });
    const schoolPage = await school.newPage();
    const schoolId = await signUpSchool(schoolPage);
    await approve(page, schoolId);
    const applied = await schoolPage.request.post(`/api/events/${eventId}/register`, {
      data: {
        participantCount: 3,
        contactPerson: 'Елена',
        contactPhone: '+7 (499) 245-12-12',
        applicationNote: note,
      },
    });
    expect(applied.status()).toBe(201);
    schoolPages.push(schoolPage);
  }

  await foundationPage.goto('/foundation-applications');
  await expect(foundationPage.getByText('Всего: 2 · Ожидают решения: 2')).toBeVisible();
  await expect(foundationPage.getByText('Показано 2 из 2 · Страница 1 из 1')).toBeVisible();

  const first = foundationPage.getByRole('listitem').filter({ hasText: 'Первая школа' });
  await first.getByRole('button', { name: 'Отклонить' }).click();
  const dialog = foundationPage.getByRole('dialog', { name: 'Отклонить заявку' });
  await expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  await dialog.getByLabel('Причина отказа').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Отклонить' })).toBeDisabled();
  await dialog.getByLabel('Причина отказа').fill('Нужен сопровождающий');
  await dialog.getByRole('button', { name: 'Отклонить' }).click();
  await expect(toastText(foundationPage, 'Заявка отклонена')).toBeVisible();

  const second = foundationPage.getByRole('listitem').filter({ hasText: 'Вторая школа' });
  await second.getByRole('button', { name: 'Одобрить' }).click();
  await foundationPage
    .getByRole('alertdialog', { name: 'Одобрить заявку?' })
    .getByRole('button', { name: 'Одобрить' })
    .click();
  await expect(toastText(foundationPage, 'Заявка одобрена')).toBeVisible();
  await expect(foundationPage.getByText('Новых заявок нет')).toBeVisible();

  await foundationPage.getByRole('button', { name: 'Отклонены' }).click();
  await expect(foundationPage.getByText('Причина отказа: Нужен сопровождающий')).toBeVisible();

  await foundationPage.goto('/foundation-approved-applications');
  await expect(foundationPage.getByRole('listitem').filter({ hasText: 'Вторая школа' })).toBeVisible();
  await expect(foundationPage.getByRole('main').getByRole('listitem')).toHaveCount(1);

  // The approved school now sees how to reach the foundation. Its profile must be complete to pass the gate.
  const approvedSchool = schoolPages[1];
  if (!approvedSchool) throw new Error('second school missing');
  await approvedSchool.request.patch('/api/profile', {
    data: {
      username: `school_ok_${Date.now().toString(36)}`,
      fullName: 'Лицей № 1535',
      schoolType: 'state',
      description: 'Лицей с сильной волонтёрской командой старшеклассников.',
      address: 'Москва, ул. Усачёва, д. 50',
      phone: '+7 (499) 245-12-12',
      email: 'lyceum@example.org',
    },
  });
  await approvedSchool.goto('/school-approved-applications');
  const card = approvedSchool.getByRole('listitem').filter({ hasText: 'Проверка заявок школ' });
  await expect(card.getByText('+7 (495) 123-45-67')).toBeVisible();
  await expect(card.getByText('fond@example.org')).toBeVisible();
  await foundationPage.goto(`/foundation/event/${eventId}`);
  await expect(foundationPage.getByText('3 / 30')).toBeVisible();
  await expect(foundationPage.getByRole('heading', { name: 'Подтверждённые участники' })).toBeVisible();
  await expect(foundationPage.getByRole('button', { name: 'Исключить' })).toHaveCount(1);
  await expect(foundationPage.getByText('Пока нет заявок')).toBeVisible();
  await foundationPage.goto('/foundation/event/999999');
  await expect(
    foundationPage.getByText('Возможно, мероприятие было удалено или у вас нет доступа к нему.'),
  ).toBeVisible();

  for (const schoolPage of schoolPages) await schoolPage.context().close();
  await foundation.close();
});
