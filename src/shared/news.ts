import type { NewsCategory } from './catalog';

export const newsCategoryLabels: Record<NewsCategory, string> = {
  news: 'Новость',
  success: 'История волонтерства',
};

/** What the public news reads answer besides the items, shared by the API and the news pages. */
export const newsMessages = {
  newsId: 'Некорректный номер новости',
  notFound: 'Новость не найдена',
} as const;

/** A list shows the first 100 characters of an item's text (public-area.md section 2). */
export const newsPreviewLength = 100;

/** A page of the news page; the home page shows the newest three. */
export const newsPageSize = 12;
