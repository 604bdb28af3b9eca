import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { ageRangeValue } from '../../shared/events';
import {
  type FoundationCard,
  type FoundationDetail,
  type FoundationList,
  type FoundationListQuery,
  foundationMessages,
} from '../../shared/foundations';
import { paginationOf } from '../../shared/pagination';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { events, foundationPhotos, foundations } from '../db/schema';
import { likePattern, listPublicEvents } from '../events/service';
import { notFound } from '../http/errors';
import { imageAddressOf } from '../images/address';

const defaultLimit = 6;
const galleryLimit = 6;

const cardColumns = {
  id: foundations.id,
  name: sql<string>`coalesce(${foundations.name}, '')`,
  shortDescription: foundations.shortDescription,
  description: foundations.description,
  directions: sql<FoundationCard['directions']>`${foundations.directions}`,
  location: foundations.location,
  logo: imageAddressOf(foundations.logoImageId),
  // Kept by a trigger on events (migration 0008): the list is ordered by it through foundations_list_idx.
  eventsCount: foundations.eventsCount,
  moderationStatus: foundations.moderationStatus,
  verified: sql<boolean>`(${foundations.moderationStatus} = 'approved')`,
};

/** The public catalogue shows approved foundations only (decisions.md). */
const approved = eq(foundations.moderationStatus, 'approved');

function listConditions(query: FoundationListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    const matches = or(
      ilike(foundations.name, pattern),
      ilike(foundations.shortDescription, pattern),
      ilike(foundations.description, pattern),
      sql`to_tsvector('russian', coalesce(${foundations.name}, '') || ' ' || coalesce(${foundations.description}, ''))
        @@ plainto_tsquery('russian', ${query.search})`,
    );
    if (matches) conditions.push(matches);
  }
  if (query.directions.length > 0) {
    const list = sql.join(
      query.directions.map((direction) => sql`${direction}`),
      sql`, `,
    );
    conditions.push(sql`${foundations.directions} && array[${list}]::text[]`);
  }
  if (query.ageRestriction && query.ageRestriction !== 'all') {
    // A foundation matches when at least one of its events is open to that age.
    const age = ageRangeValue[query.ageRestriction];
    conditions.push(sql`exists (
      select 1 from ${events} as open_event
      where open_event.foundation_id = ${foundations}.id and open_event.status <> 'canceled'
        and (open_event.age_restriction is null or open_event.age_restriction <= ${age})
    )`);
  }
  return conditions;
}

export async function listPublicFoundations(db: Db, query: FoundationListQuery): Promise<FoundationList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  const where = and(approved, ...listConditions(query));
  const [rows, [matching], [overall]] = await Promise.all([
    db
      .select(cardColumns)
      .from(foundations)
      .where(where)
      .orderBy(desc(foundations.eventsCount), asc(foundations.name), asc(foundations.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(foundations).where(where),
    db.select({ n: count() }).from(foundations).where(approved),
  ]);
  return {
    foundations: rows,
    pagination: { ...paginationOf(page, limit, matching?.n ?? 0), overallCount: overall?.n ?? 0 },
  };
}

export async function getPublicFoundation(db: Db, calendar: Calendar, id: number): Promise<FoundationDetail> {
  const [row] = await db
    .select({
      ...cardColumns,
      userId: foundations.userId,
      bio: foundations.bio,
      address: foundations.address,
      phone: foundations.phone,
      email: foundations.email,
      website: foundations.website,
      vkLink: foundations.vkLink,
      telegramChannel: foundations.telegramChannel,
      telegramUsername: foundations.telegramUsername,
      contactPerson: foundations.contactPerson,
      foundedYear: foundations.foundedYear,
      coverImage: imageAddressOf(foundations.coverImageId),
      videoPresentation: foundations.videoPresentation,
      moderatedAt: foundations.moderatedAt,
      createdAt: foundations.createdAt,
    })
    .from(foundations)
    .where(and(eq(foundations.id, id), approved));
  if (!row) throw notFound(foundationMessages.notFound);

  const [photos, foundationEvents] = await Promise.all([
    db
      .select({ url: imageAddressOf(foundationPhotos.imageId) })
      .from(foundationPhotos)
      .where(eq(foundationPhotos.foundationId, id))
      .orderBy(asc(foundationPhotos.position), asc(foundationPhotos.id))
      .limit(galleryLimit),
    listPublicEvents(db, calendar, { foundationId: id, limit: 100 }),
  ]);
  return {
    ...row,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    photoGallery: photos.map((photo) => photo.url),
    // The page lists rows, not cards: the rest of each event summary would triple the answer's size.
    events: foundationEvents.events.map(({ id, title, date, startTime, endTime, location, isPastEvent }) => ({
      id,
      title,
      date,
      startTime,
      endTime,
      location,
      isPastEvent,
    })),
  };
}
