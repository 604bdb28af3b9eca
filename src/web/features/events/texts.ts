import { pupilForms, waitlistLength } from '../../../shared/application-words';
import type { DatePreset } from '../../../shared/events';
import { countOf } from '../../../shared/plural';

/** Russian text of the event lists and the event page (public-area.md sections 2, 4, 6). */
export const eventTexts = {
  sectionTitle: 'Мероприятия',
  sectionSubtitle: 'Выберите мероприятие и запишите на него учеников своей школы',
  allEvents: 'Все мероприятия',
  pageTitle: 'Все мероприятия',
  /** Heard by screen readers only: the cards' headings sit under it, not straight under the page's. */
  pageListHeading: 'Список мероприятий',
  searchLabel: 'Поиск мероприятий',
  searchPlaceholder: 'Название, место, город или фонд',
  filters: 'Фильтры',
  showFilters: 'Показать фильтры',
  hideFilters: 'Скрыть фильтры',
  resetFilters: 'Сбросить фильтры',
  dateFilter: 'Дата',
  ageFilter: 'Возраст',
  typeFilter: 'Тип мероприятия',
  cityFilter: 'Город или регион',
  allCities: 'Все города',
  allDates: 'Все',
  datePresets: { today: 'Сегодня', week: 'На этой неделе', month: 'В этом месяце' } satisfies Record<
    DatePreset,
    string
  >,
  allAges: 'Любой',
  emptyTitle: 'Мероприятий не найдено',
  emptyHint: 'Попробуйте изменить фильтры поиска',
  pageEmptyTitle: 'Мероприятия не найдены',
  loadFailed: 'Не удалось загрузить мероприятия',
  shown: (from: number, to: number, total: number) =>
    `Показано ${from}-${to} из ${countOf(total, { one: 'мероприятия', few: 'мероприятий', many: 'мероприятий' })}`,
  past: 'Уже прошло',
  finished: 'Мероприятие завершено',
  register: 'Записаться',
  fewPlaces: 'Осталось мало мест',
  noPlaces: 'Мест нет',
  placesLeft: (left: number) => `Осталось мест: ${left}`,
  unlimited: 'Без ограничений',
  details: 'Подробнее',
  back: 'Назад к мероприятиям',
  notFound: 'Мероприятие не найдено',
  notFoundHint: 'Возможно, мероприятие было удалено или ссылка устарела.',
  toAllEvents: 'Ко всем мероприятиям',
  date: 'Дата',
  time: 'Время',
  place: 'Место',
  totalPlaces: 'Всего мест',
  age: 'Возраст',
  noAgeLimit: 'Без ограничений',
  hours: 'Волонтёрские часы',
  description: 'Описание',
  requirements: 'Требования',
  skills: 'Навыки',
  applicationTitle: 'Регистрация',
  waitlisted: 'В листе ожидания',
  waitlistPosition: (position: number, pupils: number) =>
    `Ваше место в очереди: ${position}. В заявке ${countOf(pupils, pupilForms)}. Когда освободятся места, заявка перейдёт к фонду, и мы сообщим.`,
  waitlistOffer:
    'Все места заняты. Встаньте в лист ожидания: если места освободятся, заявка перейдёт к фонду.',
  joinWaitlist: 'Встать в лист ожидания',
  leaveWaitlist: 'Покинуть лист ожидания',
  waitlistedSchools: waitlistLength,
  signInAsSchool: 'Войдите как школа чтобы зарегистрироваться',
  signIn: 'Войти',
  pastApplication: 'Регистрация на прошедшие мероприятия недоступна',
  onlySchools: 'Записывать учеников на мероприятия могут только школы',
  contactsTitle: 'Контакты',
  organizerTitle: 'Организатор',
  toFoundation: 'Страница фонда',
  addToCalendar: 'Добавить в календарь',
  addToCalendarHint:
    'Телефон предложит добавить событие в календарь; в Google, Яндекс или Outlook файл можно импортировать',
  venueTitle: 'Место проведения',
  additionalInfoTitle: 'Дополнительная информация',
  noAdditionalInfo: 'Дополнительная информация не предоставлена',
} as const;

/** The application form of the event page and of the old applications screen. */
export const applicationFormTexts = {
  parentalConsent: 'Школа хранит письменные согласия родителей на участие каждого ученика младше 14 лет',
  parentalConsentHint:
    'Согласия остаются в школе: платформа не собирает ни имён учеников, ни документов. Мы сохраним только, кто и когда это подтвердил.',
  waitlistIfFull: 'Если мест не хватит — встать в лист ожидания',
  joinWaitlist: 'Встать в лист ожидания',
  waitlistedTitle: 'Вы в листе ожидания',
} as const;
