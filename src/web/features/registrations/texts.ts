import type { RegistrationStatus } from '../../../shared/catalog';
import { countOf } from '../../../shared/plural';
import { attendanceLabel } from '../../../shared/registrations';

/** Russian text of the school's application screens and its dashboard tabs (working-areas.md section 2). */
export const registrationTexts = {
  statusBadge: {
    waitlisted: 'В листе ожидания',
    pending: 'Ожидает одобрения',
    approved: 'Одобрена',
    rejected: 'Отклонена',
    completed: 'Завершена',
  } satisfies Record<RegistrationStatus, string>,
  backToDashboard: 'Назад в личный кабинет',
  loadFailed: 'Ошибка при загрузке заявок',
  cancel: 'Отменить заявку',
  cancelConfirm: 'Отменить заявку?',
  cancelWarning: 'Заявка будет удалена, это действие нельзя отменить.',
  back: 'Назад',
  cancelled: 'Заявка отменена',
  cancelFailed: 'Не удалось отменить заявку',
  participants: 'Участников',
  dateAndTime: 'Дата и время',
  place: 'Место',
  submittedAt: 'Подана',
  rejectionReason: 'Причина отказа',

  /** Headings over the contact lists of an application (issue 22, items 14 and 16). */
  contacts: {
    forEvent: 'Контакты по заявке',
    school: 'Контакты школы',
    foundation: 'Контакты фонда',
    ours: 'Наши контакты по заявке',
  },
  schoolContactPerson: 'Контактное лицо школы',

  applicationsPage: {
    title: 'Заявки на мероприятия',
    tabsLabel: 'Разделы заявок',
    mine: 'Мои заявки',
    available: 'Доступные мероприятия',
    mineEmpty: 'Вы ещё не подавали заявок. Выберите мероприятие во вкладке «Доступные мероприятия».',
    availableEmpty: 'Сейчас нет мероприятий, открытых для записи',
    allApplications: 'Все заявки по статусам',
    apply: 'Подать заявку',
    alreadyApplied: 'Заявка подана',
    noPlaces: 'Мест нет',
    eventsLoadFailed: 'Не удалось загрузить мероприятия',
    shown: (count: number, total: number) => `Показано ${count} из ${total}`,
  },

  applicationForm: {
    title: 'Заявка на участие',
    activityType: 'Направление',
    date: 'Дата',
    time: 'Время',
    place: 'Место',
    freePlaces: 'Свободных мест',
    unlimited: 'Без ограничений',
    foundation: 'Фонд',
    hours: 'Волонтёрских часов',
    pastTitle: 'Мероприятие уже прошло',
    pastText: 'Регистрация на прошедшие мероприятия недоступна',
    notFound: 'Мероприятие не найдено',
    backToEvents: 'Назад к мероприятиям',
    waitForModeration: 'Дождитесь одобрения модератором чтобы регистрироваться на мероприятия',
  },

  dashboardApplications: {
    title: 'Мои заявки на мероприятия',
    empty: 'Заявок на мероприятия пока нет. Выберите мероприятие и подайте заявку.',
    openAll: 'Все заявки',
    approvedContacts: 'Контакты фондов',
    findEvents: 'Найти мероприятия',
    more: (count: number) => `И ещё ${count} — на странице «Все заявки»`,
  },

  archive: {
    title: 'Завершённые мероприятия',
    empty: 'Завершённых мероприятий пока нет — часы появятся здесь после первого мероприятия.',
    totals: (events: number, hours: number) => `Мероприятий: ${events} · Волонтёрских часов: ${hours}`,
    hoursEarned: (hours: number) => countOf(hours, { one: 'час', few: 'часа', many: 'часов' }),
    participants: (count: number) => `Участников: ${count}`,
    delete: 'Удалить из архива',
    deleteConfirm: 'Удалить мероприятие из архива?',
    deleteWarning: 'Засчитанные за него часы будут списаны со счёта школы. Это действие нельзя отменить.',
    deleted: 'Успешно удалено',
    deleteFailed: 'Не удалось удалить мероприятие из архива',
    loadFailed: 'Не удалось загрузить архив',
  },
} as const;

/** The browser tab's names of the application screens. */
export const applicationPageTitles = {
  approved: 'Одобренные заявки',
  foundationApplications: 'Заявки школ',
  schoolApplications: 'Мои заявки',
  foundationEvent: 'Заявки на мероприятие',
} as const;

/** Who came to a completed event, as the foundation marked it (issue 24): the same words on both sides. */
export const attendanceTexts = {
  label: 'Явка',
  /** «пришли 8 из 10», «пришёл 1 из 3», «не пришли». */
  of: attendanceLabel,
  hours: (hours: number) => countOf(hours, { one: 'час', few: 'часа', many: 'часов' }),
} as const;
