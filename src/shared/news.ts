import type { NewsCategory } from './catalog';

export const newsCategoryLabels: Record<NewsCategory, string> = {
  news: 'Новость',
  success: 'История волонтерства',
};

export interface NewsItem {
  id: number;
  title: string;
  content: string;
  category: NewsCategory;
  image: string | null;
  createdAt: string;
  foundation: { id: number; name: string; location: string | null } | null;
}
