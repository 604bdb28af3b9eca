export const newsTexts = {
  pageTitle: 'Новости',
  sectionTitle: 'Новости',
  sectionSubtitle: 'Что происходит на платформе и истории волонтёров',
  allNews: 'Все новости',
  empty: 'Новости пока отсутствуют',
  loadFailed: 'Не удалось загрузить новости',
  retry: 'Попробовать снова',
  readMore: 'Читать полностью',
} as const;

/** The list shows the first 100 characters of the text (public-area.md section 2). */
export const previewLength = 100;
