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

// Type only: the schema lives in news-answers.ts so that this file stays free of zod.
export type { NewsItem } from './news-answers';
