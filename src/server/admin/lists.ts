import { and, asc, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type {
  AdminApplication,
  AdminApplicationsQuery,
  AdminEvent,
  AdminEventsQuery,
  AdminReport,
  AdminStats,
  AdminUser,
  AdminUsersQuery,
  FoundationOption,
  ModerationItem,
  ModerationListQuery,
} from '../../shared/admin';
import type { Direction } from '../../shared/catalog';
import type { ModerationStatus } from '../../shared/roles';
import { foundationOwnerId, schoolOwnerId } from '../accounts/organisation';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db } from '../db/client';
import {
  isAnyOf,
  isAnyOfGivenIds,
  keptStatement,
  pageOfRows,
  preparedPerDatabase,
  preparedRowsOf,
} from '../db/kept-statements';
import {
  applications,
  events,
  foundationReports,
  foundations,
  organisationMembers,
  schools,
  users,
} from '../db/schema';
import { eventPageIds } from '../events/queries';
import { likePattern } from '../events/service';
import { eventTimeColumns } from '../events/time-columns';
import { isComplete } from '../profile/service';

/** A page of a list and how many rows match in all (sent as X-Total-Count). */
export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface PageRequest {
  page: number;
  limit: number;
}

const offsetOf = ({ page, limit }: PageRequest) => (page - 1) * limit;

/**
 * A timestamptz computed in SQL. Drizzle has both drivers hand timestamps over as text and converts
 * them only for plain columns, so an expression needs the conversion spelled out.
 */
const timestampOf = (expression: SQL): SQL<Date | null> =>
  expression.mapWith((value: string | Date) => new Date(value));

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The administrator's counts read whole tables (500,000 applications take some 60 ms on PGlite) and
 * change only with a write: they are kept, as the public lists' counts are (events/service.ts), until a
 * write that may change them. Accounts and organisations change only through writes that cannot say
 * what they changed, and those drop every kept figure.
 */
const keptOrCounted = <T>(
  figures: SharedFigures | undefined,
  key: string,
  tags: string[],
  count: () => Promise<T>,
) => keptFigure(figures, `admin:${key}`, tags, count);

/** The panel's counters, in one query, kept until an event or an application is written. */
export async function adminStats(db: Db, figures?: SharedFigures): Promise<AdminStats> {
  return keptOrCounted(
    figures,
    'stats',
    [changeTopics.applications, changeTopics.eventLists, changeTopics.events, changeTopics.foundations],
    () => countEverything(db),
  );
}

async function countEverything(db: Db): Promise<AdminStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      foundations: sql<number>`(count(*) filter (where ${users.role} = 'foundation'))::int`,
      schools: sql<number>`(count(*) filter (where ${users.role} = 'school'))::int`,
      volunteers: sql<number>`(count(*) filter (where ${users.role} = 'volunteer'))::int`,
      admins: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`,
      foundationProfiles: sql<number>`(select count(*) from ${foundations})::int`,
      events: sql<number>`(select count(*) from ${events})::int`,
      applications: sql<number>`(select count(*) from ${applications})::int`,
    })
    .from(users);
  if (!row) throw new Error('count over users returned no row');
  const { foundationProfiles, events: eventCount, applications: applicationCount, ...userCounts } = row;
  return {
    users: userCounts,
    foundations: foundationProfiles,
    events: eventCount,
    registrations: applicationCount,
  };
}

/**
 * An account with its organisation profile, whichever of the two tables holds it: the queries below
 * left-join both through the account's membership, and a person belongs to one organisation, so at most
 * one of the joins finds a row.
 */
const organisationColumns = {
  organisationId: sql<number | null>`coalesce(${foundations.id}, ${schools.id})`,
  name: sql<string | null>`coalesce(${foundations.name}, ${schools.name})`,
  email: sql<string | null>`coalesce(${foundations.email}, ${schools.email})`,
  phone: sql<string | null>`coalesce(${foundations.phone}, ${schools.phone})`,
  address: sql<string | null>`coalesce(${foundations.address}, ${schools.address})`,
  description: sql<string | null>`coalesce(${foundations.description}, ${schools.description})`,
  moderationStatus: sql<ModerationStatus | null>`coalesce(${foundations.moderationStatus}, ${schools.moderationStatus})`,
  moderationComment: sql<
    string | null
  >`coalesce(${foundations.moderationComment}, ${schools.moderationComment})`,
  moderatedAt: timestampOf(sql`coalesce(${foundations.moderatedAt}, ${schools.moderatedAt})`),
};
const organisationName = sql`coalesce(${foundations.name}, ${schools.name})`;

/** Every account, newest first; search on the account name and the organisation's name. */
export async function listUsers(
  db: Db,
  query: Pick<AdminUsersQuery, 'search' | 'role'> & PageRequest,
  figures?: SharedFigures,
): Promise<Page<AdminUser>> {
  const ofRole = query.role === 'all' ? undefined : eq(users.role, query.role);
  const order = [desc(users.createdAt), desc(users.id)];
  const withOrganisations = (where: SQL | undefined) =>
    db
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        createdAt: users.createdAt,
        ...organisationColumns,
      })
      .from(users)
      .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
      .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
      .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
      .where(where)
      .orderBy(...order);
  const countOf = async (where: SQL | undefined) => {
    const [total] = await db
      .select({ n: count() })
      .from(users)
      .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
      .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
      .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
      .where(where);
    return total?.n ?? 0;
  };
  const searched = query.search
    ? and(
        ofRole,
        or(
          ilike(users.username, likePattern(query.search)),
          ilike(organisationName, likePattern(query.search)),
        ),
      )
    : undefined;
  // Without a search, the page's ids come from the accounts' order index alone, then those accounts with
  // their organisations: joining every account the offset skipped cost 10 ms at page 100.
  const readPage = async () => {
    if (searched) return withOrganisations(searched).limit(query.limit).offset(offsetOf(query));
    return pageOfRows(db, 'admin_user_page_ids', users.id, { where: ofRole, order }, query, (ids) =>
      keptStatement('admin_user_page', withOrganisations(isAnyOf(users.id, ids))),
    );
  };
  // Accounts come and go only through writes that cannot say what they changed, which drop the kept
  // count; a search is a filter of its own, counted with its page.
  const [rows, totalCount] = await Promise.all([
    readPage(),
    searched
      ? countOf(searched)
      : keptOrCounted(figures, `users-count:${query.role}`, [changeTopics.foundations], () =>
          countOf(ofRole),
        ),
  ]);
  return {
    items: rows.map(({ organisationId, name, ...row }) => ({
      id: row.id,
      username: row.username,
      fullName: name,
      role: row.role,
      email: row.email,
      phone: row.phone,
      address: row.address,
      description: row.description,
      // As GET /api/profile computes it: administrators pass the profile gate, volunteers have no profile.
      isProfileComplete: organisationId === null ? row.role === 'admin' : isComplete({ name, ...row }),
      createdAt: row.createdAt.toISOString(),
      moderationStatus: row.moderationStatus,
      moderationComment: row.moderationComment,
      moderatedAt: iso(row.moderatedAt),
    })),
    totalCount,
  };
}

type OrganisationTable = typeof foundations | typeof schools;

/**
 * Organisations for the moderation tab: pending first, then the newest. A page walks each organisation
 * table's own index in that order (migration 0011) and merges the two, so it reads its rows and the
 * offset's, never every organisation sorted; then only those accounts whole. Of one status, the planner
 * walks the status's index entries and sorts those: few for the pending, most for the approved.
 */
export async function listOrganisationsForModeration(
  db: Db,
  query: Pick<ModerationListQuery, 'status' | 'type'> & PageRequest,
  figures?: SharedFigures,
): Promise<Page<ModerationItem>> {
  const tables: OrganisationTable[] =
    query.type === 'all' ? [foundations, schools] : [query.type === 'foundation' ? foundations : schools];
  const ofStatus = (table: OrganisationTable) =>
    query.status === 'all' ? sql`` : sql` where ${table.moderationStatus} = ${query.status}`;
  // The list is keyed by the account the administrator moderates through (its first owner), read only
  // for the rows the page shows. The organisation's id follows the index; a school and a foundation may
  // share one, and the owner tells them apart.
  const ownerOf = (table: OrganisationTable) => (table === foundations ? foundationOwnerId : schoolOwnerId);
  const queue = sql.join(
    tables.map(
      (table) =>
        sql`select ${ownerOf(table)} as user_id, ${table.moderationStatus} = 'pending' as awaiting,
          ${table.createdAt} as created_at, ${table.id} as id from ${table}${ofStatus(table)}`,
    ),
    sql` union all `,
  );
  const countMatches = async () => {
    const counts = await Promise.all(
      tables.map(async (table) => {
        const [row] = await db
          .select({ n: count() })
          .from(table)
          .where(query.status === 'all' ? undefined : eq(table.moderationStatus, query.status));
        return row?.n ?? 0;
      }),
    );
    return counts.reduce((sum, n) => sum + n, 0);
  };
  const readPage = async () => {
    const shown = (
      await preparedRowsOf<{ user_id: number }>(
        db,
        'moderation_page_ids',
        sql`select user_id from (${queue}) as queue order by awaiting desc, created_at desc, id desc, user_id desc
          limit ${query.limit} offset ${offsetOf(query)}`,
      )
    ).map((row) => row.user_id);
    if (shown.length === 0) return [];
    const rows = await keptStatement(
      'moderation_page',
      db
        .select({
          userId: users.id,
          username: users.username,
          role: users.role,
          createdAt: timestampOf(sql`coalesce(${foundations.createdAt}, ${schools.createdAt})`),
          ...organisationColumns,
          // What the administrator weighs beyond the contacts: the site and, for a foundation, its fields.
          website: sql<string | null>`coalesce(${foundations.website}, ${schools.website})`,
          directions: sql<Direction[]>`coalesce(${foundations.directions}, '{}'::text[])`,
        })
        .from(users)
        .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
        .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
        .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
        .where(isAnyOf(users.id, shown)),
    );
    return rows.sort((a, b) => shown.indexOf(a.userId) - shown.indexOf(b.userId));
  };
  // Organisations come and go, and are moderated, only through writes that cannot say what they changed,
  // which drop every kept figure; a foundation's own writes name foundations.
  const [rows, totalCount] = await Promise.all([
    readPage(),
    keptOrCounted(
      figures,
      `moderation-count:${query.type}:${query.status}`,
      [changeTopics.foundations],
      countMatches,
    ),
  ]);
  return {
    items: rows.map(({ organisationId, role, ...row }) => ({
      id: row.userId,
      organisationId: organisationId ?? 0,
      username: row.username,
      type: role === 'foundation' ? 'foundation' : 'school',
      name: row.name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      description: row.description,
      website: row.website,
      directions: row.directions,
      isProfileComplete: isComplete(row),
      moderationStatus: row.moderationStatus ?? 'pending',
      moderationComment: row.moderationComment,
      moderatedAt: iso(row.moderatedAt),
      createdAt: iso(row.createdAt) ?? '',
    })),
    totalCount,
  };
}

/** The administrator's events, the latest day first (events_admin_order_idx). */
const adminEventOrder = [desc(events.date), desc(events.startTime), desc(events.id)];

/**
 * A page of the administrator's events, read whole by the ids its list found: a statement built once per
 * database, the ids given at each run, where Drizzle built it for every request. Each row counts its
 * applications.
 */
const adminEventsByIdsOf = preparedPerDatabase((db) =>
  db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      date: events.date,
      ...eventTimeColumns,
      location: events.location,
      totalSlots: events.totalSlots,
      reservedSlots: events.reservedSlots,
      // NOTE: aliased, because Drizzle may leave select-list columns unqualified (see foundations/service.ts).
      applicationsCount: sql<number>`(
        select count(*) from ${applications} as applied where applied.event_id = ${events}.id
      )::int`,
      foundationId: events.foundationId,
      foundationName: foundations.name,
      createdAt: events.createdAt,
    })
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(isAnyOfGivenIds(events.id))
    .orderBy(...adminEventOrder)
    .prepare('admin_events_by_ids'),
);

/** Every event of every foundation, whatever its status, the latest day first. */
export async function listAllEvents(
  db: Db,
  query: Pick<AdminEventsQuery, 'search'> & PageRequest,
  figures?: SharedFigures,
): Promise<Page<AdminEvent>> {
  const where = query.search
    ? or(ilike(events.title, likePattern(query.search)), ilike(foundations.name, likePattern(query.search)))
    : undefined;
  // The page's ids first, then only those events whole (eventPageIds): each row counts its applications.
  const readPage = async () => {
    const shown = await eventPageIds(db, {
      where,
      order: adminEventOrder,
      limit: query.limit,
      offset: offsetOf(query),
      withFoundations: Boolean(query.search),
    });
    if (shown.length === 0) return [];
    return adminEventsByIdsOf(db).execute({ ids: shown });
  };
  const countMatches = async () => {
    const [total] = await db
      .select({ n: count() })
      .from(events)
      .innerJoin(foundations, eq(foundations.id, events.foundationId))
      .where(where);
    return total?.n ?? 0;
  };
  // Every page of the whole list shows the same count; a search is a filter of its own, counted with it.
  const [rows, totalCount] = await Promise.all([
    readPage(),
    query.search
      ? countMatches()
      : keptOrCounted(figures, 'events-count', [changeTopics.eventLists, changeTopics.events], countMatches),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    totalCount,
  };
}

/** Every application, the newest first. */
const adminApplicationOrder = [desc(applications.registeredAt), desc(applications.id)];

/** A page of every application, read whole by the ids its list found (as the events' page above). */
const adminApplicationsByIdsOf = preparedPerDatabase((db) =>
  db
    .select({
      id: applications.id,
      status: applications.status,
      participantCount: applications.participantCount,
      registeredAt: applications.registeredAt,
      event: { id: events.id, title: events.title, date: events.date },
      foundationName: foundations.name,
      school: { id: schools.id, name: schools.name, username: users.username },
    })
    .from(applications)
    .innerJoin(events, eq(events.id, applications.eventId))
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .innerJoin(schools, eq(schools.id, applications.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId))
    .where(isAnyOfGivenIds(applications.id))
    .orderBy(...adminApplicationOrder)
    .prepare('admin_applications_by_ids'),
);

/**
 * Every application with its event and school, the newest first. The page's ids are read on the order
 * index alone, then only those applications joined to their events and schools: joining every
 * application the offset skips cost 10 ms at page 50 of 500,000.
 */
export async function listAllApplications(
  db: Db,
  query: Pick<AdminApplicationsQuery, 'status'> & PageRequest,
  figures?: SharedFigures,
): Promise<Page<AdminApplication>> {
  const where = query.status === 'all' ? undefined : eq(applications.status, query.status);
  const readPage = () =>
    pageOfRows(
      db,
      'admin_application_page_ids',
      applications.id,
      { where, order: adminApplicationOrder },
      query,
      (ids) => adminApplicationsByIdsOf(db).execute({ ids }),
    );
  const countMatches = async () => {
    const [total] = await db.select({ n: count() }).from(applications).where(where);
    return total?.n ?? 0;
  };
  const [rows, totalCount] = await Promise.all([
    readPage(),
    keptOrCounted(figures, `applications-count:${query.status}`, [changeTopics.applications], countMatches),
  ]);
  return {
    items: rows.map((row) => ({ ...row, registeredAt: row.registeredAt.toISOString() })),
    totalCount,
  };
}

/** A report as the administrator reads it: all it says; its foundation comes from the join. */
const { foundationId: _foundationId, ...reportColumns } = getTableColumns(foundationReports);

/** Every foundation's reports, the newest first. */
export async function listAllReports(db: Db, query: PageRequest): Promise<Page<AdminReport>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...reportColumns,
        foundationId: foundations.id,
        foundationName: foundations.name,
        foundationUsername: users.username,
      })
      .from(foundationReports)
      .innerJoin(foundations, eq(foundations.id, foundationReports.foundationId))
      .innerJoin(users, eq(users.id, foundationOwnerId))
      .orderBy(desc(foundationReports.createdAt), desc(foundationReports.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(foundationReports),
  ]);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    totalCount: total?.n ?? 0,
  };
}

export const foundationOptionsLimit = 500;

/** Every foundation, whatever its moderation state, by name: the news form's selector. */
export async function listFoundationOptions(db: Db): Promise<FoundationOption[]> {
  const name = sql<string>`coalesce(nullif(trim(${foundations.name}), ''), ${users.username})`;
  return db
    .select({
      id: foundations.id,
      name,
      location: foundations.location,
      moderationStatus: foundations.moderationStatus,
    })
    .from(foundations)
    .innerJoin(users, eq(users.id, foundationOwnerId))
    .orderBy(sql`lower(${name})`, asc(foundations.id))
    .limit(foundationOptionsLimit);
}
