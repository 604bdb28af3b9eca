/**
 * Russian text of the foundation screens (public-area.md sections 2, 4, 9;
 * docs/decisions/010-public-catalogue.md).
 */

import { countOf } from '../../../shared/plural';

/** Card descriptions stop after this many characters (public-area.md section 9). */
export const descriptionPreviewLength = 100;
/** At most this many direction chips on a card. */
export const maxCardDirections = 3;
/** The events tab shows this many events until 'show all' is pressed. */
export const eventsPreviewCount = 3;
/** The gallery shows at most this many photos. */
export const galleryLimit = 6;

export const foundationTexts = {
  sectionTitle: 'Фонды',
  sectionSubtitle: 'Благотворительные фонды, которые проводят мероприятия для школьников',
  allFoundations: 'Все фонды',
  showFilters: 'Показать поиск и фильтры',
  hideFilters: 'Скрыть поиск и фильтры',
  pageTitle: 'Фонды',
  /** Heard by screen readers only: the cards' headings sit under it, not straight under the page's. */
  pageListHeading: 'Список фондов',
  pageSubtitle: 'Найдите фонд, с которым ваша школа хочет помогать',
  searchLabel: 'Поиск фондов',
  searchPlaceholder: 'Название или описание фонда',
  search: 'Найти',
  directionsFilter: 'Направления',
  ageFilter: 'Возраст участников',
  allAges: 'Все',
  allDirections: 'Все',
  directionChips: 'Направление',
  apply: 'Применить',
  reset: 'Сбросить',
  resetFilters: 'Сбросить фильтры',
  notFoundTitle: 'Фонды не найдены',
  notFoundHint: 'Попробуйте изменить запрос или выбрать другие направления',
  comingSoonTitle: 'Фонды скоро появятся',
  comingSoonNote: 'Мы подключаем благотворительные фонды к платформе. Загляните сюда чуть позже.',
  loadingList: 'Загрузка фондов…',
  loadFailed: 'Не удалось загрузить фонды',
  found: (count: number) => `Найдено: ${count}`,
  total: (count: number) => `Всего фондов: ${count}`,
  pages: 'Страницы фондов',
  details: 'Подробнее',
  eventsCount: (count: number) =>
    countOf(count, { one: 'мероприятие', few: 'мероприятия', many: 'мероприятий' }),
  noLocation: 'Город не указан',
  noDescription: 'Описание фонда не добавлено',

  back: 'Назад к фондам',
  notFound: 'Фонд не найден',
  notFoundDetail: 'Возможно, фонд ещё проходит модерацию или ссылка устарела.',
  toAllFoundations: 'Ко всем фондам',
  loadOneFailed: 'Не удалось загрузить страницу фонда',
  loading: 'Загрузка фонда…',
  address: 'Адрес',
  phone: 'Телефон',
  email: 'E-mail',
  website: 'Сайт',
  statsTitle: 'Фонд в цифрах',
  statEvents: 'Мероприятий',
  statFounded: 'Год основания',
  statRegistered: 'На платформе с',
  notSpecified: 'не указано',
  tabsLabel: 'Разделы страницы фонда',
  aboutTab: 'О фонде',
  eventsTab: 'Мероприятия',
  socialTitle: 'Социальные сети',
  vk: 'ВКонтакте',
  telegramChannel: 'Telegram-канал',
  galleryTitle: 'Фотогалерея',
  photo: (name: string, index: number) => `${name}: фото ${index}`,
  videoTitle: 'Видеопрезентация',
  watchVideo: 'Смотреть видеопрезентацию',
  contactsTitle: 'Контакты',
  noEvents: 'У фонда пока нет запланированных мероприятий',
  past: 'Уже прошло',
  archive: 'Просмотр архива',
  showAll: (count: number) => `Показать все (${count})`,
  showLess: 'Свернуть',
  eventDate: 'Дата',
  eventTime: 'Время',
  eventPlace: 'Место',
  opensInNewTab: '(откроется в новой вкладке)',
} as const;
