import { and, count, desc, eq, sql } from 'drizzle-orm';
import { newsMessages, newsPageSize, newsPreviewLength } from '../../shared/news';
import type { NewsItem, NewsPreview } from '../../shared/news-answers';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db } from '../db/client';
import { isAnyOfGivenIds, keptStatement, pageOfRows, preparedPerDatabase } from '../db/kept-statements';
import { foundations, news } from '../db/schema';
import { notFound } from '../http/errors';
import { imageAddressOf } from '../images/address';

/** A news item's picture: the address it was given, else its uploaded picture's. */
export const newsPicture = sql<string | null>`coalesce(${news.imageUrl}, ${imageAddressOf(news.imageId)})`;

// Written as the predicate of news_published_created_idx, not compared with a parameter, so that a kept
// statement's generic plan may use that partial index.
const published = sql`${news.isPublished}`;

/** What both reads answer of an item besides its text. */
const itemColumns = {
  id: news.id,
  title: news.title,
  category: news.category,
  image: newsPicture,
  createdAt: news.createdAt,
  foundationId: foundations.id,
  foundationName: foundations.name,
  foundationLocation: foundations.location,
};

type ItemRow = {
  createdAt: Date;
  foundationId: number | null;
  foundationName: string | null;
  foundationLocation: string | null;
};

function withFoundation<T extends ItemRow>({
  foundationId,
  foundationName,
  foundationLocation,
  createdAt,
  ...item
}: T) {
  return {
    ...item,
    createdAt: createdAt.toISOString(),
    foundation:
      foundationId === null
        ? null
        : { id: foundationId, name: foundationName ?? '', location: foundationLocation },
  };
}

const newestFirst = [desc(news.createdAt), desc(news.id)];

// An item and a page's items are read by statements built once per database, their ids given at each
// run, as the events' are (events/service.ts).
const publishedNewsByIdsOf = preparedPerDatabase((db) =>
  db
    .select({
      ...itemColumns,
      excerpt: sql<string>`case when char_length(${news.content}) > ${sql.raw(String(newsPreviewLength))}
        then rtrim(left(${news.content}, ${sql.raw(String(newsPreviewLength))})) || '…' else ${news.content} end`,
    })
    .from(news)
    .leftJoin(foundations, eq(foundations.id, news.foundationId))
    .where(and(published, isAnyOfGivenIds(news.id)))
    .orderBy(...newestFirst)
    .prepare('published_news_page'),
);

const publishedNewsItemOf = preparedPerDatabase((db) =>
  db
    .select({ ...itemColumns, content: news.content })
    .from(news)
    .leftJoin(foundations, eq(foundations.id, news.foundationId))
    .where(and(published, eq(news.id, sql.placeholder('id'))))
    .prepare('published_news_item'),
);

/**
 * A page of published items, newest first, each with the start of its text only: a page of twelve is a
 * few kilobytes, whatever the items' length. The page's ids are found on news_published_created_idx,
 * then only those items are read with their foundation: as one statement, PostgreSQL read every
 * published item, cut each one's excerpt, hashed every foundation to join them and sorted it all
 * (14 ms on PGlite for 300 items). The count reads that partial index alone, and is kept until news
 * are written.
 */
export async function listPublishedNews(
  db: Db,
  query: { page?: number | undefined; limit?: number | undefined },
  figures?: SharedFigures,
): Promise<{ items: NewsPreview[]; totalCount: number }> {
  const limit = query.limit ?? newsPageSize;
  const page = query.page ?? 1;
  const countPublished = async () => {
    const [total] = await keptStatement('news_count', db.select({ n: count() }).from(news).where(published));
    return total?.n ?? 0;
  };
  const readPage = () =>
    pageOfRows(
      db,
      'news_page_ids',
      news.id,
      { where: published, order: newestFirst },
      { page, limit },
      (ids) => publishedNewsByIdsOf(db).execute({ ids }),
    );
  const [rows, totalCount] = await Promise.all([
    readPage(),
    keptFigure(figures, 'news-count', [changeTopics.news], countPublished),
  ]);
  return { items: rows.map(withFoundation), totalCount };
}

/** One published item with its whole text, for its own page; a draft is as missing as an id nobody used. */
export async function getPublishedNews(db: Db, id: number): Promise<NewsItem> {
  const [row] = await publishedNewsItemOf(db).execute({ id });
  if (!row) throw notFound(newsMessages.notFound);
  return withFoundation(row);
}
