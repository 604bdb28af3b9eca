import { useSearchParams } from 'react-router';
import { newsPageSize } from '../../../shared/news';
import { usePageHead } from '../../components/page-head';
import type { PageLoad } from '../../lib/page-load';
import { loadNewsGrid, NewsGrid } from './news-grid';
import { newsTexts } from './texts';

const pageOf = (params: URLSearchParams) => Math.max(1, Number(params.get('page')) || 1);

export function NewsPage() {
  usePageHead({ title: newsTexts.pageTitle, description: newsTexts.pageDescription });
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{newsTexts.pageTitle}</h1>
      <NewsGrid
        page={page}
        limit={newsPageSize}
        onPageChange={(next) => {
          setParams(next === 1 ? {} : { page: String(next) });
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

export const loadNewsPage: PageLoad = ({ searchParams, queryClient }) =>
  loadNewsGrid(queryClient, pageOf(searchParams), newsPageSize);
