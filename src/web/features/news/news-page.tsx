import { usePageHead } from '../../components/page-head';
import { NewsGrid } from './news-grid';
import { newsTexts } from './texts';

export function NewsPage() {
  usePageHead({ title: newsTexts.pageTitle, description: newsTexts.pageDescription });
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{newsTexts.pageTitle}</h1>
      <NewsGrid />
    </div>
  );
}
