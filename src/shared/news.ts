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

export interface NewsItem {
  id: number;
  title: string;
  content: string;
  category: NewsCategory;
  image: string | null;
  createdAt: string;
  foundation: { id: number; name: string; location: string | null } | null;
}
