import { desc, eq, sql } from 'drizzle-orm';
import type { NewsItem } from '../../shared/news';
import type { Db } from '../db/client';
import { foundations, news } from '../db/schema';

/** The newest published items; the list is short by nature, so it is capped rather than paged. */
const newsLimit = 100;

export async function listPublishedNews(db: Db): Promise<NewsItem[]> {
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      content: news.content,
      category: news.category,
      image: sql<string | null>`coalesce(${news.imageUrl},
        case when ${news.imageId} is null then null else '/api/images/' || ${news.imageId}::text end)`,
      createdAt: news.createdAt,
      foundationId: foundations.id,
      foundationName: foundations.name,
      foundationLocation: foundations.location,
    })
    .from(news)
    .leftJoin(foundations, eq(foundations.id, news.foundationId))
    .where(eq(news.isPublished, true))
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(newsLimit);
  return rows.map(({ foundationId, foundationName, foundationLocation, createdAt, ...item }) => ({
    ...item,
    createdAt: createdAt.toISOString(),
    foundation:
      foundationId === null
        ? null
        : { id: foundationId, name: foundationName ?? '', location: foundationLocation },
  }));
}
