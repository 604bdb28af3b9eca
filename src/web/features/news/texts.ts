export const newsTexts = {
  pageTitle: 'Новости',
  sectionTitle: 'Новости',
  sectionSubtitle: 'Что происходит на платформе и истории волонтёров',
  allNews: 'Все новости',
  empty: 'Новости пока отсутствуют',
  loadFailed: 'Не удалось загрузить новости',
  retry: 'Попробовать снова',
  readMore: 'Читать полностью',
  back: 'Назад к новостям',
  notFound: 'Новость не найдена',
  notFoundHint: 'Возможно, новость снята с публикации или ссылка устарела.',
  toAllNews: 'Ко всем новостям',
  loadOneFailed: 'Не удалось загрузить новость',
  openPage: 'Открыть страницу новости',
  pageDescription: 'Новости платформы школьного волонтёрства и истории волонтёров',
} as const;

/** The list shows the first 100 characters of the text (public-area.md section 2). */
export const previewLength = 100;
