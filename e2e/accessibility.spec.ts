import type { Browser, Locator, Page } from '@playwright/test';
import { expectAccessible, prepareForScans, viewports } from './support/axe';
import { openPage } from './support/navigation';
import {
  approvedFoundation,
  approvedSchool,
  appToday,
  baseURL,
  createEvent,
  type Organisation,
  signUpOrganisation,
} from './support/organisations';
import { expect, test } from './support/test';
import { applyWithNote, decideAndPublish } from './support/working-areas';

/*
 * Issue 8: every screen and every dialog passes axe (WCAG 2.2 AA) in the light and the dark theme, on a
 * 375 px phone and a 1280 px laptop. One organisation of each kind is set up once through the API; each
 * test then walks its role's screens, checking each in the four combinations without reloading it.
 */

// A worker that restarts after a failure sets up again; its names must not repeat the first ones.
const run = Date.now().toString(36).slice(-4);
const foundationName = `Фонд «Доступная среда ${run}»`;
const schoolName = `Школа «Доступная среда ${run}»`;
const titles = {
  pending: `Уборка сквера ${run}`,
  approved: `Мастер-класс ${run}`,
  completed: `Ярмарка ${run}`,
  request: `Помочь с ярмаркой ${run}`,
  openRequest: `Собрать подарки ${run}`,
  report: `Отчёт о ярмарке ${run}`,
};

interface World {
  fond: Organisation;
  school: Organisation;
  newcomer: Organisation;
  events: { pending: number; approved: number; completed: number };
  requestId: number;
  openRequestId: number;
}

async function setUpWorld(browser: Browser): Promise<World> {
  const fond = await approvedFoundation(browser, foundationName);
  const events = {
    // Today, so that its «Завершить» opens the completion dialog, which the walk checks.
    pending: await createEvent(fond.page, {
      title: titles.pending,
      totalSlots: 20,
      hours: 2,
      date: appToday(),
    }),
    approved: await createEvent(fond.page, { title: titles.approved, totalSlots: 20, hours: 2 }),
    completed: await createEvent(fond.page, {
      title: titles.completed,
      totalSlots: 20,
      hours: 3,
      date: appToday(),
    }),
  };

  const school = await approvedSchool(browser, schoolName);
  for (const id of Object.values(events)) await applyWithNote(school.page, id);

  const { requestId, openRequestId } = await decideAndPublish(fond, school, events, titles);

  const newcomer = await signUpOrganisation(browser, 'school');
  for (const account of [fond, school, newcomer]) await prepareForScans(account.page);
  return { fond, school, newcomer, events, requestId, openRequestId };
}

let world: World;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  world = await setUpWorld(browser);
});

test.afterAll(async () => {
  for (const account of [world?.fond, world?.school, world?.newcomer]) await account?.context.close();
});

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Opens a page and checks it once its heading (and, for lists, a known item) is on screen. */
async function visit(page: Page, path: string, screen: string, ...ready: Locator[]) {
  await openPage(page, path);
  for (const locator of ready) await expect(locator).toBeVisible();
  await expectAccessible(page, screen);
}

async function openTab(page: Page, name: string | RegExp, screen: string, ready: Locator) {
  await page.getByRole('tab', { name }).click();
  await expect(ready).toBeVisible();
  await expectAccessible(page, screen, 'tab');
}

/** Opens a dialog with its trigger, checks it, and closes it with Escape. */
async function checkDialog(page: Page, trigger: Locator, screen: string, role: 'dialog' | 'alertdialog') {
  await trigger.click();
  const dialog = page.getByRole(role);
  await expect(dialog).toBeVisible();
  await expectAccessible(page, screen, 'dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** The profile tab, the sign-out dialog and the profile form: a school's and a foundation's are alike. */
async function checkProfileScreens(page: Page, who: 'Школа' | 'Фонд', formHeading: string) {
  await openTab(page, 'Профиль', `${who}: профиль`, page.getByText('Статус модерации').first());
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Выйти', exact: true }),
    `${who}: выход`,
    'alertdialog',
  );
  await visit(page, '/dashboard/edit-profile', `${who}: редактирование профиля`, h1(page, formHeading));
}

test('public pages and dialogs have no axe violations in both themes at 375 and 1280 px', async ({
  browser,
  expectConsoleErrors,
}) => {
  // The last page scanned is the unknown address, which answers 404.
  expectConsoleErrors(/status of 404 \(Not Found\) .*\/no-such-page\)$/);
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await prepareForScans(page);

  await visit(page, '/', 'Главная', h1(page, /Волонтёрство для школьников/));
  await page.setViewportSize(viewports.phone);
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Мобильное меню' })).toBeVisible();
  await expectAccessible(page, 'Главная с открытым мобильным меню');

  await visit(
    page,
    '/events',
    'Мероприятия',
    h1(page, 'Все мероприятия'),
    page.getByRole('link', { name: titles.pending, exact: true }),
  );
  await page.setViewportSize(viewports.phone);
  await page.getByRole('button', { name: 'Показать фильтры' }).click();
  await page.getByRole('button', { name: 'На этой неделе' }).click();
  await expect(page.getByRole('button', { name: 'Сбросить фильтры' })).toBeVisible();
  await expectAccessible(page, 'Мероприятия с открытыми фильтрами');
  await visit(page, `/events/${world.events.pending}`, 'Мероприятие (гость)', h1(page, titles.pending));
  const pastTitle = 'Субботник на берегу Яузы';
  const found = await page.request.get(`/api/events?search=${encodeURIComponent(pastTitle)}`);
  const [past] = (await found.json()) as { id: number }[];
  await visit(page, `/events/${past?.id}`, 'Прошедшее мероприятие', h1(page, pastTitle));
  await visit(
    page,
    '/foundations',
    'Фонды',
    h1(page, 'Фонды'),
    page.getByRole('link', { name: foundationName, exact: true }),
  );
  await page.getByRole('link', { name: foundationName, exact: true }).click();
  await expect(h1(page, foundationName)).toBeVisible();
  await expectAccessible(page, 'Фонд: о фонде');
  await openTab(
    page,
    /Мероприятия/,
    'Фонд: мероприятия',
    page.getByRole('heading', { name: titles.pending }),
  );

  await visit(page, '/news', 'Новости', h1(page, 'Новости'));
  await checkDialog(
    page,
    // The page's last item is a demo one, older than any a journey adds (and may delete) meanwhile.
    page.getByRole('button', { name: /^Читать/ }).last(),
    'Новость в диалоге',
    'dialog',
  );
  await visit(page, '/faq', 'Вопросы и ответы', h1(page, 'Часто задаваемые вопросы'));
  await page.getByRole('button').filter({ hasText: '?' }).first().click();
  await expectAccessible(page, 'Вопросы и ответы с открытым ответом');
  await visit(
    page,
    '/terms-of-service',
    'Пользовательское соглашение',
    h1(page, 'Пользовательское соглашение'),
  );
  await visit(
    page,
    '/privacy-policy',
    'Политика конфиденциальности',
    h1(page, 'Политика конфиденциальности'),
  );
  await visit(
    page,
    '/volunteer-development',
    'Волонтёрство в разработке',
    h1(page, 'Волонтерство в разработке'),
  );
  await visit(
    page,
    '/volunteer-requests',
    'Заявки на волонтёров',
    h1(page, 'Заявки на волонтёров'),
    page.getByText(titles.request),
  );
  await visit(
    page,
    `/volunteer-requests/${world.requestId}`,
    'Заявка на волонтёров (гость)',
    h1(page, titles.request),
  );

  await visit(page, '/auth', 'Вход', page.getByRole('tab', { name: 'Вход', selected: true }));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'Вход с ошибками');
  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toBeVisible();
  await expectAccessible(page, 'Регистрация');
  await checkDialog(
    page,
    page.getByRole('button', { name: /политик/i }),
    'Регистрация: политика конфиденциальности',
    'dialog',
  );
  await visit(page, '/admin/login', 'Вход администратора', h1(page, 'Вход для администратора'));
  await visit(page, '/no-such-page', 'Страница не найдена', h1(page, '404 — страница не найдена'));
  await context.close();
});

test('school pages and dialogs have no axe violations', async () => {
  test.setTimeout(180_000);
  const page = world.school.page;
  await visit(page, '/dashboard', 'Школа: кабинет', h1(page, 'Панель управления школы'));
  await openTab(page, 'Мои заявки', 'Школа: мои заявки', page.getByText(titles.pending));
  await openTab(page, 'Архив', 'Школа: архив', page.getByText(titles.completed));
  await checkDialog(
    page,
    page.getByRole('button', { name: `Удалить из архива: ${titles.completed}` }),
    'Школа: удалить из архива',
    'alertdialog',
  );
  await checkProfileScreens(page, 'Школа', 'Редактирование профиля школы');

  await visit(
    page,
    '/school-applications',
    'Школа: заявки',
    h1(page, 'Мои заявки'),
    page.getByText(titles.pending),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Отменить заявку' }),
    'Школа: отменить заявку',
    'alertdialog',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Изменить число учеников' }),
    'Школа: изменить число учеников',
    'dialog',
  );
  await openTab(page, /^Одобрены/, 'Школа: одобренные заявки', page.getByText(titles.approved));
  await openTab(page, /^Отклонены/, 'Школа: отклонённые заявки', page.getByText('Отклонённых заявок нет'));
  await openTab(page, /^Завершены/, 'Школа: завершённые заявки', page.getByText(titles.completed));

  await visit(
    page,
    '/school-approved-applications',
    'Школа: одобренные заявки',
    h1(page, /Одобренные заявки/),
    page.getByText(titles.approved),
  );
  await visit(
    page,
    `/events/${world.events.pending}`,
    'Мероприятие (школа подала заявку)',
    h1(page, titles.pending),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Отменить заявку' }),
    'Мероприятие: отменить заявку',
    'alertdialog',
  );
  await openPage(page, '/events');
  await page
    .getByRole('link', { name: 'Весенняя посадка деревьев в Измайловском парке', exact: true })
    .click();
  await page.getByRole('button', { name: /Записаться/ }).click();
  await page.getByLabel('Контактное лицо *').fill('');
  await page.getByRole('button', { name: 'Подать заявку' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'Мероприятие: форма записи с ошибками');

  await visit(
    page,
    `/volunteer-requests/${world.requestId}`,
    'Заявка на волонтёров (школа откликнулась)',
    h1(page, titles.request),
    page.getByText('Ваш отклик'),
  );

  await visit(
    page,
    `/volunteer-requests/${world.openRequestId}`,
    'Заявка на волонтёров (форма отклика)',
    h1(page, titles.openRequest),
    page.getByRole('button', { name: 'Отправить отклик' }),
  );

  const newcomer = world.newcomer.page;
  await visit(newcomer, '/dashboard', 'Профиль не заполнен', h1(newcomer, /Завершите настройку профиля/));
});

test('foundation pages and dialogs have no axe violations', async () => {
  test.setTimeout(180_000);
  const page = world.fond.page;
  const { events } = world;
  await visit(
    page,
    '/dashboard',
    'Фонд: кабинет',
    h1(page, 'Панель управления фонда'),
    page.getByText(titles.pending),
  );
  const row = page.getByRole('listitem').filter({ hasText: titles.pending });
  await checkDialog(
    page,
    row.getByRole('button', { name: 'Завершить' }),
    'Фонд: завершить мероприятие',
    'alertdialog',
  );
  await checkDialog(
    page,
    row.getByRole('button', { name: 'Удалить' }),
    'Фонд: удалить мероприятие',
    'alertdialog',
  );
  await openTab(page, 'Заявки', 'Фонд: заявки', page.getByRole('link', { name: 'Рассмотреть заявки' }));
  await openTab(page, 'Отчеты', 'Фонд: отчёты', page.getByText(titles.report));
  await checkDialog(
    page,
    page.getByRole('button', { name: `Удалить отчет: ${titles.report}` }),
    'Фонд: удалить отчёт',
    'alertdialog',
  );
  await page.getByRole('button', { name: 'Создать отчет' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Новый отчет' });
  await expectAccessible(page, 'Фонд: новый отчёт', 'dialog');
  await reportDialog.getByRole('button', { name: 'Создать отчет' }).click();
  await expect(reportDialog.getByText('Укажите дату мероприятия')).toBeVisible();
  await expectAccessible(page, 'Фонд: новый отчёт с ошибками', 'dialog');
  await page.keyboard.press('Escape');
  await checkProfileScreens(page, 'Фонд', 'Редактирование профиля фонда');
  await visit(
    page,
    '/dashboard/create-event',
    'Фонд: новое мероприятие',
    h1(page, 'Создание нового мероприятия'),
  );
  await page.getByRole('button', { name: 'Создать мероприятие' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'Фонд: новое мероприятие с ошибками');
  await visit(
    page,
    `/dashboard/edit-event/${events.pending}`,
    'Фонд: редактирование мероприятия',
    h1(page, 'Редактирование мероприятия'),
    page.getByLabel('Название мероприятия *'),
  );
  await visit(
    page,
    `/dashboard/event/${events.pending}`,
    'Фонд: мероприятие в кабинете',
    h1(page, titles.pending),
  );
  await visit(
    page,
    `/foundation/event/${events.pending}`,
    'Фонд: заявки мероприятия',
    h1(page, titles.pending),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Отклонить' }),
    'Фонд: отклонить заявку',
    'alertdialog',
  );
  await visit(
    page,
    `/foundation/event/${events.approved}`,
    'Фонд: участники мероприятия',
    h1(page, titles.approved),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Исключить' }),
    'Фонд: исключить участника',
    'alertdialog',
  );
  await visit(page, `/events/${events.pending}`, 'Мероприятие (организатор)', h1(page, titles.pending));

  await visit(
    page,
    '/foundation-applications',
    'Фонд: заявки школ',
    h1(page, 'Заявки школ'),
    page.getByText(titles.pending),
  );
  await checkDialog(page, page.getByRole('button', { name: 'Одобрить' }), 'Фонд: одобрить заявку', 'dialog');
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Отклонить' }),
    'Фонд: отклонить заявку с причиной',
    'dialog',
  );
  await page.getByRole('button', { name: 'Все', exact: true }).click();
  await expect(page.getByText(titles.approved)).toBeVisible();
  await expectAccessible(page, 'Фонд: все заявки школ');
  await visit(
    page,
    '/foundation-approved-applications',
    'Фонд: одобренные заявки',
    h1(page, /Одобренные заявки/),
    page.getByText(titles.approved),
  );

  await visit(
    page,
    '/dashboard/create-request',
    'Фонд: новая заявка на волонтёров',
    h1(page, 'Создать заявку на волонтёров'),
  );
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'Фонд: новая заявка на волонтёров с ошибками');
  await visit(
    page,
    `/volunteer-requests/${world.requestId}`,
    'Фонд: своя заявка на волонтёров',
    h1(page, titles.request),
    page.getByText(schoolName),
  );
  await checkDialog(page, page.getByRole('button', { name: 'Принять' }), 'Фонд: принять отклик', 'dialog');
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Отклонить' }),
    'Фонд: отклонить отклик',
    'dialog',
  );
});

test('administrator pages and dialogs have no axe violations', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await prepareForScans(page);
  await openPage(page, '/admin/login');
  await page.getByLabel('Имя пользователя').fill('admin');
  await page.getByLabel('Пароль').fill('e2e-admin-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(h1(page, 'Панель администратора')).toBeVisible();
  // The welcome toast stays five seconds, time enough to check it over the panel.
  await expect(page.getByText('Успешный вход', { exact: true })).toBeVisible();
  await expectAccessible(page, 'Администратор: уведомление о входе');

  await expect(page.getByText(/^Показано \d+ из \d+$/)).toBeVisible();
  await expectAccessible(page, 'Администратор: пользователи');
  await checkDialog(
    page,
    page.getByRole('button', { name: /^Удалить: / }).first(),
    'Администратор: удалить пользователя',
    'alertdialog',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Выйти', exact: true }),
    'Администратор: выход',
    'alertdialog',
  );

  await openTab(
    page,
    'Модерация',
    'Администратор: модерация',
    page.getByRole('button', { name: /^Решение: / }).first(),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: /^Решение: / }).first(),
    'Администратор: решение по организации',
    'dialog',
  );
  await openTab(page, 'Мероприятия', 'Администратор: мероприятия', page.getByText(/^Показано \d+ из \d+$/));
  await checkDialog(
    page,
    page.getByRole('button', { name: /^Удалить: / }).first(),
    'Администратор: удалить мероприятие',
    'alertdialog',
  );
  await openTab(page, 'Заявки', 'Администратор: заявки', page.getByText(/^Показано \d+ из \d+$/));
  await checkDialog(
    page,
    page.getByRole('button', { name: /^Удалить: / }).first(),
    'Администратор: удалить заявку',
    'alertdialog',
  );
  await openTab(page, 'Отчеты', 'Администратор: отчёты', page.getByText(titles.report));
  await openTab(
    page,
    'Новости',
    'Администратор: новости',
    page.getByRole('button', { name: 'Создать новость' }),
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: 'Создать новость' }),
    'Администратор: новая новость',
    'dialog',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: /Редактировать/ }).first(),
    'Администратор: редактирование новости',
    'dialog',
  );
  await checkDialog(
    page,
    page.getByRole('button', { name: /^Удалить новость/ }).first(),
    'Администратор: удалить новость',
    'alertdialog',
  );
  await openTab(page, 'Настройки', 'Администратор: настройки', page.getByLabel('Текущий пароль *'));
  await context.close();
});
