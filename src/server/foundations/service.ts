import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ageRangeValue } from '../../shared/events';
import {
  type FoundationCard,
  type FoundationDetail,
  type FoundationList,
  type FoundationListQuery,
  foundationMessages,
} from '../../shared/foundations';
import { paginationOf } from '../../shared/pagination';
import { foundationOwnerId } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db } from '../db/client';
import { isAnyOf, keptStatement, pageOfRows, preparedPerDatabase } from '../db/kept-statements';
import { events, foundationPhotos, foundations } from '../db/schema';
import { typedTextQuery } from '../db/text-search';
import { foundationEventItems } from '../events/queries';
import { notFound } from '../http/errors';
import { imageAddressOf } from '../images/address';

const defaultLimit = 6;
const galleryLimit = 6;
/** The most events a foundation's page lists: upcoming ones first, then the latest past ones. */
const foundationPageEvents = 100;

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

/** The public catalogue shows approved foundations only (docs/spec/decisions.md). */
const approved = eq(foundations.moderationStatus, 'approved');

function listConditions(query: FoundationListQuery, textQuery: SQL | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (query.search) {
    // A search of punctuation alone has no word to look for, and finds nothing.
    conditions.push(textQuery ? sql`${foundations.searchDocument} @@ ${textQuery}` : sql`false`);
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

export async function listPublicFoundations(
  db: Db,
  query: FoundationListQuery,
  figures?: SharedFigures,
): Promise<FoundationList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  const textQuery = query.search ? typedTextQuery(query.search) : undefined;
  const where = and(approved, ...listConditions(query, textQuery));
  // A search shows the best matches first (the name before the city, the short description and the
  // description); the catalogue's own order breaks ties and orders the list without one.
  const order = [
    ...(textQuery ? [desc(sql`ts_rank(${foundations.searchDocument}, ${textQuery})`)] : []),
    desc(foundations.eventsCount),
    asc(foundations.name),
    asc(foundations.id),
  ];
  // A search's count is planned for its words; the others' counts are kept statements.
  const counted = async (condition: SQL | undefined, statementName?: string) => {
    const countQuery = db.select({ n: count() }).from(foundations).where(condition);
    const [total] = await (statementName ? keptStatement(statementName, countQuery) : countQuery);
    return total?.n ?? 0;
  };
  // Every page of one filter shows the same counts: they are kept per filter until a foundation or an
  // event changes (the age filter looks at the events), as the events list's are.
  const countTags = [changeTopics.foundations, changeTopics.events, changeTopics.eventLists];
  const overallCount = () =>
    keptFigure(figures, 'foundations-count:approved', countTags, () => counted(approved, 'foundation_count'));
  if (textQuery) {
    // A search ranks its matches, which reads them all anyway: the same statement counts them
    // (count(*) over ()), as the events' search does, where a second statement searched again.
    const [ranked, overall] = await Promise.all([
      db
        .select({ ...cardColumns, matches: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(foundations)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset((page - 1) * limit),
      overallCount(),
    ]);
    // A page past the last has no row to carry the count.
    const matching = ranked[0]?.matches ?? (await counted(where));
    return {
      foundations: ranked.map(({ matches: _matches, ...card }) => card),
      pagination: { ...paginationOf(page, limit, matching), overallCount: overall },
    };
  }
  // The catalogue's page is found on foundations_list_idx before any foundation is read, as the other
  // lists' are; approved again when read: a foundation hidden between the two statements is not shown.
  // The filters are not repeated, so that every filter's page is one kept statement.
  const { page: _page, limit: _limit, ...filters } = query;
  const [rows, matching, overall] = await Promise.all([
    pageOfRows(db, 'foundation_page_ids', foundations.id, { where, order }, { page, limit }, (ids) =>
      keptStatement(
        'foundation_page',
        db
          .select(cardColumns)
          .from(foundations)
          .where(and(approved, isAnyOf(foundations.id, ids)))
          .orderBy(...order),
      ),
    ),
    keptFigure(figures, `foundations-count:${JSON.stringify(filters)}`, countTags, () =>
      counted(where, 'foundation_count'),
    ),
    overallCount(),
  ]);
  return { foundations: rows, pagination: { ...paginationOf(page, limit, matching), overallCount: overall } };
}

const photo = alias(foundationPhotos, 'photo');
/** The foundation's id in its own row, qualified: Drizzle may leave a select list's columns unqualified. */
const foundationOfRow = sql`${foundations}.id`;

/**
 * An approved foundation's page in one statement built once per database: the foundation, its gallery
 * and its events as JSON arrays beside it. As four statements, two of them after the first, each
 * request waited for two answers and Drizzle built four statements.
 */
const publicFoundationOf = preparedPerDatabase((db) =>
  db
    .select({
      ...cardColumns,
      // The account the page names the foundation by, its first owner. Nested, so that this single-table
      // select writes the subquery's columns with their tables: unqualified, its "id" would be the member's.
      userId: sql<number>`${foundationOwnerId}`,
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
      photoGallery: sql<string[]>`(
        select coalesce(json_agg(gallery.address order by gallery.position, gallery.id), '[]'::json)
          from (
            select ${imageAddressOf(photo.imageId)} as address, ${photo.position} as position, ${photo.id} as id
              from ${foundationPhotos} as ${sql.identifier('photo')}
             where ${photo.foundationId} = ${foundationOfRow}
             order by ${photo.position}, ${photo.id}
             limit ${sql.raw(String(galleryLimit))}
          ) as gallery)`,
      ...foundationEventItems(foundationOfRow, sql.placeholder('today'), foundationPageEvents),
    })
    .from(foundations)
    .where(and(eq(foundations.id, sql.placeholder('id')), approved))
    .prepare('public_foundation'),
);

export async function getPublicFoundation(db: Db, calendar: Calendar, id: number): Promise<FoundationDetail> {
  const [found] = await publicFoundationOf(db).execute({ id, today: calendar.today() });
  if (!found) throw notFound(foundationMessages.notFound);
  const { upcoming, past, ...row } = found;
  return {
    ...row,
    moderatedAt: row.moderatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    // The page lists rows, not cards: the rest of each event summary would triple the answer's size.
    events: [...upcoming, ...past].slice(0, foundationPageEvents),
  };
}
