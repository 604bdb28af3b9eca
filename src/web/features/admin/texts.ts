import type { ApplicationStatus } from '../../../shared/catalog';
import type { Role } from '../../../shared/roles';

/** Russian text of the administrator panel's frame and its list tabs (working-areas.md sections 2, 8). */
export const adminTexts = {
  title: 'Панель администратора',
  welcome: (name: string) => `Добро пожаловать, ${name}!`,
  logout: 'Выйти',
  loggingOut: 'Выход...',
  logoutConfirm: 'Вы действительно хотите выйти?',
  loadFailed: 'Не удалось загрузить данные администратора',
  counters: {
    users: 'Пользователи',
    split: (foundations: number, schools: number, volunteers: number) =>
      `Фонды: ${foundations} · Школы: ${schools} · Волонтёры: ${volunteers}`,
    foundations: 'Фонды',
    events: 'Мероприятия',
    applications: 'Заявки',
  },
  tabsLabel: 'Разделы панели администратора',
  tabs: {
    users: 'Пользователи',
    moderation: 'Модерация',
    events: 'Мероприятия',
    applications: 'Заявки',
    reports: 'Отчеты',
    hours: 'Часы',
    news: 'Новости',
    mail: 'Почта',
    journal: 'Журнал',
    settings: 'Настройки',
  },
  journalNote: 'Кто и что менял в заявках, мероприятиях, командах и профилях всех организаций.',
  search: 'Поиск',
  searchUsersHint: 'Имя пользователя или название организации',
  searchEventsHint: 'Название мероприятия или фонда',
  statusFilter: 'Статус',
  roleFilter: 'Роль',
  all: 'Все',
  shown: (count: number, total: number) => `Показано ${count} из ${total}`,
  empty: 'Ничего не найдено',
  delete: 'Удалить',
  deleted: 'Успешно удалено',
  deleteFailed: 'Не удалось удалить элемент',
  roleLabels: {
    admin: 'Администратор',
    foundation: 'Фонд',
    school: 'Школа',
    volunteer: 'Волонтер',
  } satisfies Record<Role, string>,
  applicationStatusLabels: {
    waitlisted: 'В листе ожидания',
    pending: 'Ожидает',
    approved: 'Одобрена',
    rejected: 'Отклонена',
    completed: 'Завершена',
  } satisfies Record<ApplicationStatus, string>,
  users: {
    confirm: (name: string) => `Удалить пользователя «${name}»?`,
    warning:
      'Будут удалены аккаунт, его мероприятия, заявки и сессии; занятые заявками места освободятся. Действие нельзя отменить.',
    adminProtected: 'Администратора удалить нельзя',
    profileIncomplete: 'Профиль не заполнен',
  },
  events: {
    confirm: (title: string) => `Удалить мероприятие «${title}»?`,
    warning: 'Мероприятие и все заявки на него будут удалены. Начисленные часы у школ сохранятся.',
    places: (reserved: number, total: number | null) =>
      total === null ? `Занято мест: ${reserved} (без ограничений)` : `Занято мест: ${reserved} из ${total}`,
    applications: (count: number) => `Заявок: ${count}`,
  },
  applications: {
    confirm: 'Удалить заявку?',
    warning: 'Заявка будет удалена, а её места освободятся. Школа получит уведомление.',
    participants: (count: number) => `Участников: ${count}`,
  },
  reports: {
    volunteers: (count: number) => `Волонтёров: ${count}`,
  },
} as const;
