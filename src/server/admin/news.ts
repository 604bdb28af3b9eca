import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminNewsItem,
  type AdminNewsValues,
  adminNewsMessages as messages,
  newsPreviewLength,
} from '../../shared/admin-news';
import type { NewsCategory } from '../../shared/catalog';
import { foundationOwnerId } from '../accounts/organisation';
import type { Db, DbOrTx } from '../db/client';
import { foundations, images, news, users } from '../db/schema';
import { likePattern } from '../events/service';
import { badRequest, notFound } from '../http/errors';
import { imageIdOfAddress } from '../images/address';
import { newsPicture } from '../news/service';

const itemColumns = {
  id: news.id,
  title: news.title,
  content: news.content,
  // left() counts characters, so a letter outside the BMP is never cut in half.
  preview: sql<string>`left(${news.content}, ${sql.raw(String(newsPreviewLength))})`,
  image: newsPicture,
  imageId: news.imageId,
  category: news.category,
  foundationId: news.foundationId,
  foundationName: sql<string | null>`coalesce(${foundations.name}, ${users.username})`,
  isPublished: news.isPublished,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

type ItemRow = Omit<AdminNewsItem, 'foundation' | 'createdAt' | 'updatedAt'> & {
  foundationName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const toItem = ({ foundationName, createdAt, updatedAt, ...row }: ItemRow): AdminNewsItem => ({
  ...row,
  foundation: row.foundationId === null ? null : { id: row.foundationId, name: foundationName ?? '' },
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

const selectItems = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(news)
    .leftJoin(foundations, eq(foundations.id, news.foundationId))
    .leftJoin(users, eq(users.id, foundationOwnerId));

/** Every item, drafts included, newest first; a page of them and how many match. */
export async function listAdminNews(
  db: Db,
  query: { category?: NewsCategory | undefined; search?: string | undefined; page: number; limit: number },
): Promise<{ items: AdminNewsItem[]; totalCount: number }> {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(news.category, query.category));
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = or(ilike(news.title, pattern), ilike(news.content, pattern));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(desc(news.createdAt), desc(news.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(news).where(where),
  ]);
  return { items: rows.map(toItem), totalCount: total?.n ?? 0 };
}

async function getAdminNews(db: DbOrTx, id: number): Promise<AdminNewsItem> {
  const [row] = await selectItems(db).where(eq(news.id, id));
  if (!row) throw notFound(messages.notFound);
  return toItem(row);
}

/**
 * The picture columns from the input: the URL and the uploaded picture are one picture, so giving
 * either replaces both; the path of an uploaded picture (/api/images/7) is stored as its id, so it is
 * checked like one and follows the picture's deletion.
 */
function pictureOf(input: AdminNewsValues): { imageUrl: string | null; imageId: number | null } | undefined {
  if (input.image === undefined && input.imageId === undefined) return undefined;
  const uploaded = imageIdOfAddress(input.image);
  if (uploaded !== undefined) return { imageUrl: null, imageId: uploaded };
  return { imageUrl: input.image ?? null, imageId: input.imageId ?? null };
}

/** The rules only the database can answer; the rows are share-locked so they cannot vanish meanwhile. */
async function assertReferencesExist(
  tx: DbOrTx,
  foundationId: number | null | undefined,
  imageId: number | null | undefined,
) {
  if (foundationId) {
    const [row] = await tx
      .select({ id: foundations.id })
      .from(foundations)
      .where(eq(foundations.id, foundationId))
      .for('share');
    if (!row) throw badRequest(messages.foundationNotFound);
  }
  if (imageId) {
    const [row] = await tx.select({ id: images.id }).from(images).where(eq(images.id, imageId)).for('share');
    if (!row) throw badRequest(messages.imageNotFound);
  }
}

/** A new item; published unless the administrator unticked 'publish immediately'. */
export async function createAdminNews(db: Db, input: AdminNewsValues): Promise<AdminNewsItem> {
  return db.transaction(async (tx) => {
    const picture = pictureOf(input) ?? { imageUrl: null, imageId: null };
    const foundationId = input.foundationId ?? null;
    await assertReferencesExist(tx, foundationId, picture.imageId);
    const [created] = await tx
      .insert(news)
      .values({
        title: input.title,
        content: input.content,
        category: input.category,
        foundationId,
        ...picture,
        isPublished: input.isPublished ?? true,
      })
      .returning({ id: news.id });
    if (!created) throw new Error('news item not created');
    return getAdminNews(tx, created.id);
  });
}

/**
 * Replaces title, content and category; the optional fields left out (undefined) keep their stored
 * values, null removes them.
 */
export async function updateAdminNews(db: Db, id: number, input: AdminNewsValues): Promise<AdminNewsItem> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: news.id }).from(news).where(eq(news.id, id)).for('update');
    if (!existing) throw notFound(messages.notFound);
    const picture = pictureOf(input);
    await assertReferencesExist(tx, input.foundationId, picture?.imageId);
    await tx
      .update(news)
      .set({
        title: input.title,
        content: input.content,
        category: input.category,
        ...(input.foundationId !== undefined ? { foundationId: input.foundationId } : {}),
        ...(picture ?? {}),
        ...(input.isPublished !== undefined ? { isPublished: input.isPublished } : {}),
        updatedAt: new Date(),
      })
      .where(eq(news.id, id));
    return getAdminNews(tx, id);
  });
}

export async function deleteAdminNews(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(news).where(eq(news.id, id)).returning({ id: news.id });
  if (deleted.length === 0) throw notFound(messages.notFound);
}
