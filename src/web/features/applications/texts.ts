import { attendanceLabel, pupilForms, waitlistLength } from '../../../shared/application-words';
import type { ApplicationStatusFilter } from '../../../shared/applications';
import type { ApplicationStatus } from '../../../shared/catalog';
import { countOf } from '../../../shared/plural';

/** Russian text of the school's application screens and its dashboard tabs (working-areas.md section 2). */
export const applicationTexts = {
  statusBadge: {
    waitlisted: 'В листе ожидания',
    pending: 'Ожидает одобрения',
    approved: 'Одобрена',
    rejected: 'Отклонена',
    completed: 'Завершена',
  } satisfies Record<ApplicationStatus, string>,
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

  /** The number of pupils approved when the foundation took fewer than asked. */
  approvedInPart: (approved: number, requested: number) => `Одобрено ${approved} из ${requested}`,
  /** Shown to the foundation with the date the school confirmed it (issue 24). */
  parentalConsentConfirmed: (date: string) => `Согласия родителей подтверждены школой ${date}`,

  /** The school's applications page: one tab per status, pending first. */
  schoolTabs: [
    {
      status: 'pending',
      label: 'Ожидают',
      banner: 'Фонд ещё не рассмотрел эти заявки. Места за вами закреплены до решения.',
      empty: 'Заявок, ожидающих решения, нет',
    },
    {
      status: 'approved',
      label: 'Одобрены',
      banner: 'Фонд ждёт ваших учеников. Контакты фонда — в карточке заявки.',
      empty: 'Одобренных заявок пока нет',
    },
    {
      status: 'waitlisted',
      label: 'В листе ожидания',
      banner:
        'На этих мероприятиях пока нет мест. Когда места освободятся, заявка по очереди перейдёт к фонду, и мы пришлём уведомление. Ваше место в очереди — на странице мероприятия.',
      empty: 'Вы не стоите в листе ожидания ни на одно мероприятие',
    },
    {
      status: 'rejected',
      label: 'Отклонены',
      banner: 'Фонд отклонил эти заявки. Причина указана в карточке; можно подать новую заявку.',
      empty: 'Отклонённых заявок нет',
    },
    {
      status: 'completed',
      label: 'Завершены',
      banner: 'Мероприятия прошли, волонтёрские часы засчитаны.',
      empty: 'Завершённых мероприятий пока нет',
    },
  ] satisfies { status: ApplicationStatus; label: string; banner: string; empty: string }[],

  /** The foundation's list of applications to its events: its filters and the badge of each status. */
  foundationApplications: {
    filters: {
      pending: { label: 'Ожидают', empty: 'Новых заявок нет' },
      approved: { label: 'Одобрены', empty: 'Одобренных заявок нет' },
      waitlisted: { label: 'В листе ожидания', empty: 'В листе ожидания никого нет' },
      rejected: { label: 'Отклонены', empty: 'Отклонённых заявок нет' },
      completed: { label: 'Завершены', empty: 'Завершённых заявок нет' },
      all: { label: 'Все', empty: 'Заявок пока нет' },
    } satisfies Record<ApplicationStatusFilter, { label: string; empty: string }>,
    statusBadge: {
      waitlisted: 'В листе ожидания',
      pending: 'Ожидает',
      approved: 'Одобрена',
      rejected: 'Отклонена',
      completed: 'Завершена',
    } satisfies Record<ApplicationStatus, string>,
  },

  /** The dialog in which a foundation approves all or part of an application. */
  approveDialog: {
    open: 'Одобрить',
    title: 'Одобрить заявку',
    field: 'Сколько учеников принять',
    hint: (requested: number) =>
      `Школа просит ${countOf(requested, pupilForms)}. Если принять меньше, остальные места сразу освободятся для других школ, а школа получит уведомление.`,
    tooMany: (requested: number) => `Не больше, чем просит школа: ${requested}`,
    confirm: 'Одобрить',
    cancel: 'Отменить',
    failed: 'Не удалось одобрить заявку',
  },

  /** The dialog in which a school changes the number of pupils of its application. */
  changeCountDialog: {
    open: 'Изменить число учеников',
    title: 'Изменить число учеников',
    field: 'Число учеников',
    approvedHint: (approved: number) =>
      `Одобренную заявку можно только уменьшить: сейчас одобрено ${countOf(approved, pupilForms)}. Освободившиеся места получат другие школы.`,
    pendingHint: 'Больше учеников можно указать, только если на мероприятии есть свободные места.',
    waitlistedHint: 'Заявка перейдёт к фонду, когда освободится столько мест.',
    tooMany: (approved: number) => `Одобренную заявку можно только уменьшить: не больше ${approved}`,
    confirm: 'Сохранить',
    cancel: 'Отменить',
    failed: 'Не удалось изменить число учеников',
  },

  /** The waitlist on the foundation's page of one of its events. */
  eventWaitlist: {
    title: 'Лист ожидания',
    hint: 'Когда освободятся места, заявки по порядку перейдут на рассмотрение; тех, кому мест не хватит, очередь пропустит.',
    count: waitlistLength,
    position: (place: number) => `${place}.`,
    pupils: (count: number) => countOf(count, pupilForms),
  },

  /** Leaving an event's waitlist from the school's applications page. */
  leaveWaitlist: {
    open: 'Покинуть лист ожидания',
    title: 'Покинуть лист ожидания?',
    description: 'Место в очереди будет потеряно: чтобы вернуться, придётся встать в конец листа ожидания.',
    confirm: 'Покинуть лист ожидания',
    cancel: 'Назад',
    failed: 'Не удалось покинуть лист ожидания',
  },

  /** Headings over the contact lists of an application (issue 22, items 14 and 16). */
  contacts: {
    forEvent: 'Контакты по заявке',
    school: 'Контакты школы',
    foundation: 'Контакты фонда',
    ours: 'Наши контакты по заявке',
  },
  schoolContactPerson: 'Контактное лицо школы',

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
    pages: 'Страницы архива',
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
