import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type NewsItem, newsMessages } from '../../shared/news';
import type { Db } from '../db/client';
import { foundations, news } from '../db/schema';
import { notFound } from '../http/errors';
import { imageAddressOf } from '../images/address';

/** A news item's picture: the address it was given, else its uploaded picture's. */
export const newsPicture = sql<string | null>`coalesce(${news.imageUrl}, ${imageAddressOf(news.imageId)})`;

/** The newest published items; the list is short by nature, so it is capped rather than paged. */
const newsLimit = 100;

/** Published items matching `where`, newest first, in the shape both reads answer. */
async function selectPublishedNews(db: Db, where: SQL | undefined, limit: number): Promise<NewsItem[]> {
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      content: news.content,
      category: news.category,
      image: newsPicture,
      createdAt: news.createdAt,
      foundationId: foundations.id,
      foundationName: foundations.name,
      foundationLocation: foundations.location,
    })
    .from(news)
    .leftJoin(foundations, eq(foundations.id, news.foundationId))
    .where(and(eq(news.isPublished, true), where))
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit);
  return rows.map(({ foundationId, foundationName, foundationLocation, createdAt, ...item }) => ({
    ...item,
    createdAt: createdAt.toISOString(),
    foundation:
      foundationId === null
        ? null
        : { id: foundationId, name: foundationName ?? '', location: foundationLocation },
  }));
}

export function listPublishedNews(db: Db): Promise<NewsItem[]> {
  return selectPublishedNews(db, undefined, newsLimit);
}

/** One published item, for its own page; a draft is as missing as an id nobody used. */
export async function getPublishedNews(db: Db, id: number): Promise<NewsItem> {
  const [item] = await selectPublishedNews(db, eq(news.id, id), 1);
  if (!item) throw notFound(newsMessages.notFound);
  return item;
}
