export const faqTexts = {
  title: 'Часто задаваемые вопросы',
  allQuestions: 'Все вопросы',
  searchLabel: 'Поиск по вопросам',
  searchPlaceholder: 'Например, часы или согласие родителей',
  allCategories: 'Все',
  nothingFound: 'Ничего не найдено',
  nothingFoundHint: 'Попробуйте изменить запрос или выбрать другую категорию.',
  supportTitle: 'Не нашли ответа?',
  supportText: 'Напишите нам — мы отвечаем в течение 24 часов.',
  supportEmail: 'Электронная почта',
  supportCommunity: 'Сообщество в Telegram',
} as const;
