export const faqTexts = {
  title: 'Часто задаваемые вопросы',
  allQuestions: 'Все вопросы',
  searchLabel: 'Поиск по вопросам',
  searchPlaceholder: 'Например, часы или согласие родителей',
  categoriesLegend: 'Категории вопросов',
  allCategories: 'Все',
  resultsCount: (count: number) => `Найдено вопросов: ${count}`,
  nothingFound: 'Ничего не найдено',
  nothingFoundHint: 'Попробуйте изменить запрос или выбрать другую категорию.',
  resetSearch: 'Сбросить поиск',
  supportTitle: 'Не нашли ответа?',
  supportText: 'Напишите нам — мы отвечаем в течение 24 часов.',
  supportEmail: 'Электронная почта',
  supportCommunity: 'Сообщество в Telegram',
} as const;

/** The page's description in search results and link previews. */
export const faqPageDescription =
  'Ответы на частые вопросы школ и фондов: регистрация, запись учеников на мероприятия, волонтёрские часы.';
