import { Link, useParams } from 'react-router';
import type { NewsItem } from '../../../shared/news-answers';
import { ApiError } from '../../api/client';
import { BackLink } from '../../components/back-link';
import { CoverImage } from '../../components/cover-image';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { shareImage, summary, usePageHead } from '../../components/page-head';
import { Spinner } from '../../components/ui/spinner';
import { formatMomentDay } from '../../lib/app-time-zone';
import type { PageLoad } from '../../lib/page-load';
import { newsItemQuery, useNewsItem } from './api/news-item';
import { CategoryBadge } from './category-badge';
import { newsTexts } from './texts';

const newsIdOf = (raw = '') => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/** /news/{id}: one item on a page of its own, the address a reader shares. */
export function NewsItemPage() {
  const id = newsIdOf(useParams().id);
  const { data: item, isPending, error, refetch } = useNewsItem(id);

  if (id === undefined || (error instanceof ApiError && (error.status === 404 || error.status === 400))) {
    return (
      <NotFound
        title={newsTexts.notFound}
        text={newsTexts.notFoundHint}
        to="/news"
        linkLabel={newsTexts.toAllNews}
      />
    );
  }
  if (error) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadError text={newsTexts.loadOneFailed} onRetry={() => void refetch()} />
      </div>
    );
  }
  // As tall as the screen: the footer stays out of sight instead of jumping down when the item arrives.
  if (isPending) return <Spinner className="min-h-screen" />;
  return <NewsArticle item={item} />;
}

function NewsArticle({ item }: { item: NewsItem }) {
  usePageHead({
    title: item.title,
    description: summary(item.content),
    share: { path: `/news/${item.id}`, image: shareImage(item.image, 'news', item.id), type: 'article' },
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackLink to="/news">{newsTexts.back}</BackLink>
      <article className="mt-4 space-y-5">
        <h1 className="text-2xl font-bold break-words sm:text-3xl">{item.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge item={item} />
          {/* The server writes the day in its own time zone, the reader's browser in theirs. */}
          <time dateTime={item.createdAt} className="text-sm text-muted-foreground" suppressHydrationWarning>
            {formatMomentDay(item.createdAt)}
          </time>
          {item.foundation ? (
            <Link
              to={`/foundations/${item.foundation.id}`}
              className="text-sm text-primary hover:underline dark:text-green-400"
            >
              {item.foundation.name}
            </Link>
          ) : null}
        </div>
        <CoverImage
          src={item.image}
          title={item.title}
          className="aspect-[16/9] w-full overflow-hidden rounded-xl"
        />
        <p className="whitespace-pre-line leading-relaxed break-words">{item.content}</p>
      </article>
    </div>
  );
}

export const loadNewsItemPage: PageLoad = async ({ params, queryClient }) => {
  const id = newsIdOf(params.id);
  if (id !== undefined) await queryClient.ensureQueryData(newsItemQuery(id));
};
