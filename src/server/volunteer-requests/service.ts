import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { VolunteerRequestStatus } from '../../shared/catalog';
import { latestEventDay } from '../../shared/event-form';
import {
  volunteerRequestMessages as messages,
  type SchoolResponse,
  type SchoolResponseItem,
  type schoolResponseDecisionSchema,
  type schoolResponseInputSchema,
  type VolunteerRequestDetail,
  type VolunteerRequestListItem,
  type volunteerRequestInputSchema,
} from '../../shared/volunteer-requests';
import { foundationOfUser, foundationOwnerId, schoolOfUser, schoolOwnerId } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import { changeTopics, keptFigure, type SharedFigures } from '../db/change-topics';
import type { Db, DbOrTx } from '../db/client';
import { isAnyOfGivenIds, keptStatement, pageOfRows, preparedPerDatabase } from '../db/kept-statements';
import {
  foundations,
  organisationMembers,
  schoolResponses,
  schools,
  users,
  volunteerRequests,
} from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { imageAddress } from '../images/address';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';

/** What a letter tells of a request (notifications/letters.ts RequestFacts). */
const requestFactsColumns = {
  id: volunteerRequests.id,
  title: volunteerRequests.title,
  eventDate: volunteerRequests.eventDate,
  eventTime: volunteerRequests.eventTime,
  location: volunteerRequests.location,
  address: volunteerRequests.address,
};

type RequestInput = z.output<typeof volunteerRequestInputSchema>;
type ResponseInput = z.output<typeof schoolResponseInputSchema>;
type ResponseDecision = z.output<typeof schoolResponseDecisionSchema>;

/** Who is looking: the list and the detail show different things to the owner, a school and others. */
export interface Viewer {
  userId: number;
  role: string;
}

/**
 * Whether the person `userId` is a member of the foundation or the school `id` (a column of the statement,
 * which must be qualified there: not in the select list of a one-table select, where Drizzle leaves it bare).
 */
const isMemberOf = (organisation: 'foundation' | 'school', userId: number | SQL, id: AnyPgColumn | SQL) =>
  organisation === 'foundation'
    ? sql<boolean>`exists (select 1 from ${organisationMembers} as member
        where member.user_id = ${userId} and member.foundation_id = ${id})`
    : sql<boolean>`exists (select 1 from ${organisationMembers} as member
        where member.user_id = ${userId} and member.school_id = ${id})`;

const responsesCount = sql<number>`(
  select count(*)::int from ${schoolResponses} where ${schoolResponses.requestId} = ${volunteerRequests.id}
)`.as('responses_count');

const listColumns = {
  request: {
    id: volunteerRequests.id,
    title: volunteerRequests.title,
    description: volunteerRequests.description,
    eventDate: volunteerRequests.eventDate,
    eventTime: sql<string>`to_char(${volunteerRequests.eventTime}, 'HH24:MI')`,
    location: volunteerRequests.location,
    address: volunteerRequests.address,
    requirements: volunteerRequests.requirements,
    volunteersNeeded: volunteerRequests.volunteersNeeded,
    status: volunteerRequests.status,
    createdAt: volunteerRequests.createdAt,
  },
  foundation: {
    id: foundations.id,
    name: sql<string>`coalesce(${foundations.name}, ${users.username})`,
    // The account the foundation is shown as: its first owner, joined as `users` below.
    userId: users.id,
  },
  responsesCount,
};

type ListRow = {
  request: Omit<VolunteerRequestListItem['request'], 'createdAt'> & { createdAt: Date };
  foundation: VolunteerRequestListItem['foundation'];
  responsesCount: number;
};
const toListItem = (row: ListRow): VolunteerRequestListItem => ({
  ...row,
  request: { ...row.request, createdAt: row.request.createdAt.toISOString() },
});

/**
 * Requests of approved foundations are public; a foundation also sees its own whatever its status,
 * and the administrator sees all.
 */
function visibleTo(viewer: Viewer | undefined): SQL | undefined {
  const approved = eq(foundations.moderationStatus, 'approved');
  if (viewer?.role === 'admin') return undefined;
  if (viewer?.role === 'foundation') {
    return or(approved, isMemberOf('foundation', viewer.userId, foundations.id));
  }
  return approved;
}

/**
 * visibleTo on the request's own columns, so that a page is found on volunteer_requests_list_idx alone
 * (it carries foundation_id): the few foundations a visitor may not see are looked up once per
 * statement and hashed, as the public events list does (events/queries.ts, publiclyVisible), where a
 * join looked up the foundation of every request the offset skipped.
 */
function visibleOnIndex(viewer: Viewer | undefined): SQL | undefined {
  const ofApproved = sql`${volunteerRequests.foundationId} not in (
    select hidden.id from ${foundations} as hidden where hidden.moderation_status <> 'approved'
  )`;
  if (viewer?.role === 'admin') return undefined;
  if (viewer?.role === 'foundation') {
    return or(
      ofApproved,
      sql`${volunteerRequests.foundationId} in (
        select own.foundation_id from ${organisationMembers} as own where own.user_id = ${viewer.userId}
      )`,
    );
  }
  return ofApproved;
}

const listOrder = [
  sql`case ${volunteerRequests.status} when 'open' then 0 else 1 end`,
  desc(volunteerRequests.createdAt),
  desc(volunteerRequests.id),
];

/**
 * visibleTo for statements built once, the viewer given at each run (visibilityValues): the request's
 * page and a request are read this way, since Drizzle built them afresh for every request.
 */
const visibleToGivenViewer = sql`(${foundations.moderationStatus} = 'approved'
  or ${sql.placeholder('seesAll')}::boolean
  or ${isMemberOf('foundation', sql`${sql.placeholder('memberUserId')}::int`, foundations.id)})`;

function visibilityValues(viewer: Viewer | undefined) {
  return {
    seesAll: viewer?.role === 'admin',
    memberUserId: viewer?.role === 'foundation' ? viewer.userId : null,
  };
}

const requestsByIdsOf = preparedPerDatabase((db) =>
  db
    .select(listColumns)
    .from(volunteerRequests)
    .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
    .innerJoin(users, eq(users.id, foundationOwnerId))
    .where(and(visibleToGivenViewer, isAnyOfGivenIds(volunteerRequests.id)))
    .orderBy(...listOrder)
    .prepare('volunteer_requests_by_ids'),
);

/** A request, and whether the viewer is a member of its foundation (`viewerIsOwner`): who reads all responses. */
const requestOf = preparedPerDatabase((db) =>
  db
    .select({
      ...listColumns,
      viewerIsOwner: isMemberOf('foundation', sql`${sql.placeholder('viewerUserId')}::int`, foundations.id),
    })
    .from(volunteerRequests)
    .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
    .innerJoin(users, eq(users.id, foundationOwnerId))
    .where(and(eq(volunteerRequests.id, sql.placeholder('id')), visibleToGivenViewer))
    .prepare('volunteer_request'),
);

/** Whose requests the viewer sees, as a key: everyone who sees the same ones shares a count. */
function visibilityKey(viewer: Viewer | undefined): string {
  if (viewer?.role === 'admin') return 'all';
  if (viewer?.role === 'foundation') return `approved-and-of-${viewer.userId}`;
  return 'approved';
}

/**
 * A page of requests, open ones first, newest first within each status. The page's ids are found on the
 * list's index first and only those requests are then read with their foundation and their responses
 * counted: as one statement, every request the offset skipped was joined and counted too (510 for 17 on
 * page 30, 19.7 ms on PGlite). The count is the same for every page and counting joins every request to
 * its foundation (1.3 ms a page on PGlite at 50,000 events), so it is kept per filter and viewer until a
 * request, a response or a foundation changes.
 */
export async function listRequests(
  db: Db,
  viewer: Viewer | undefined,
  query: { foundationId?: number | undefined; page: number; limit: number },
  figures?: SharedFigures,
): Promise<{ items: VolunteerRequestListItem[]; totalCount: number }> {
  const ofFoundation =
    query.foundationId === undefined ? undefined : eq(volunteerRequests.foundationId, query.foundationId);
  const where = and(visibleTo(viewer), ofFoundation);
  const countMatches = async () => {
    const [total] = await keptStatement(
      'volunteer_request_count',
      db
        .select({ n: count() })
        .from(volunteerRequests)
        .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
        .where(where),
    );
    return total?.n ?? 0;
  };
  const readPage = () =>
    pageOfRows(
      db,
      'volunteer_request_page_ids',
      volunteerRequests.id,
      { where: and(visibleOnIndex(viewer), ofFoundation), order: listOrder },
      query,
      // The viewer's condition again: a foundation hidden between the two statements is not shown.
      (ids) => requestsByIdsOf(db).execute({ ids, ...visibilityValues(viewer) }),
    );
  const [rows, totalCount] = await Promise.all([
    readPage(),
    keptFigure(
      figures,
      `volunteer-requests-count:${visibilityKey(viewer)}:${query.foundationId ?? 'all'}`,
      [changeTopics.volunteerRequests, changeTopics.foundations],
      countMatches,
    ),
  ]);
  return { items: rows.map(toListItem), totalCount };
}

async function findRequest(db: Db, viewer: Viewer | undefined, requestId: number) {
  const [row] = await requestOf(db).execute({
    id: requestId,
    ...visibilityValues(viewer),
    viewerUserId: viewer?.userId ?? null,
  });
  if (!row) throw notFound(messages.notFound);
  const { viewerIsOwner, ...item } = row;
  return { item: toListItem(item), viewerIsOwner };
}

/** What a school offered in its response, and where the response stands. */
const responseColumns = {
  id: schoolResponses.id,
  volunteersOffered: schoolResponses.volunteersOffered,
  message: schoolResponses.message,
  contactPerson: schoolResponses.contactPerson,
  contactPhone: schoolResponses.contactPhone,
  contactEmail: schoolResponses.contactEmail,
  status: schoolResponses.status,
};

/**
 * The responses to a request, newest first: all of them, or only those of the school the given account is
 * a member of. Built once per database, the request and the reader given at each run. `username` is the
 * login of the school's first owner, the one account a school is shown as.
 */
const responsesOf = preparedPerDatabase((db) =>
  db
    .select({
      response: {
        ...responseColumns,
        processingNote: schoolResponses.processingNote,
        createdAt: schoolResponses.createdAt,
        processedAt: schoolResponses.processedAt,
      },
      school: { id: schools.id, username: users.username },
      fullName: schools.name,
      logoImageId: schools.logoImageId,
    })
    .from(schoolResponses)
    .innerJoin(schools, eq(schools.id, schoolResponses.schoolId))
    .innerJoin(users, eq(users.id, schoolOwnerId))
    .where(
      and(
        eq(schoolResponses.requestId, sql.placeholder('requestId')),
        sql`(${sql.placeholder('readsAll')}::boolean
          or ${isMemberOf('school', sql`${sql.placeholder('schoolUserId')}::int`, schools.id)})`,
      ),
    )
    .orderBy(desc(schoolResponses.createdAt), desc(schoolResponses.id))
    .prepare('volunteer_request_responses'),
);

/**
 * The request with the responses the viewer may read: all for the owner, its own for a school, none for
 * anyone else, who costs no look-up for them (a visitor's read is one statement).
 */
export async function getRequest(
  db: Db,
  viewer: Viewer | undefined,
  requestId: number,
): Promise<VolunteerRequestDetail> {
  const { item, viewerIsOwner: isOwner } = await findRequest(db, viewer, requestId);
  const schoolUserId = viewer?.role === 'school' ? viewer.userId : null;
  if (!isOwner && schoolUserId === null) return { ...item, responses: [] };
  const rows = await responsesOf(db).execute({ requestId, readsAll: isOwner, schoolUserId });
  const responses: SchoolResponseItem[] = rows.map((row) => ({
    response: {
      ...row.response,
      createdAt: row.response.createdAt.toISOString(),
      processedAt: row.response.processedAt?.toISOString() ?? null,
    },
    school: row.school,
    profile: { fullName: row.fullName, avatar: row.logoImageId ? imageAddress(row.logoImageId) : null },
  }));
  return { ...item, responses };
}

/** An approved foundation publishes a request for a day from today to two years ahead. */
export async function createRequest(db: Db, calendar: Calendar, userId: number, input: RequestInput) {
  const foundation = await foundationOfUser(db, userId);
  if (foundation.moderationStatus !== 'approved') throw forbidden(messages.notApprovedFoundation);
  const today = calendar.today();
  if (input.eventDate < today) throw badRequest(messages.pastDate);
  if (input.eventDate > latestEventDay(today)) throw badRequest(messages.farDate);
  const [created] = await db
    .insert(volunteerRequests)
    .values({ ...input, address: input.address ?? input.location, foundationId: foundation.id })
    .returning({ id: volunteerRequests.id });
  if (!created) throw new Error('volunteer request not created');
  return getRequest(db, { userId, role: 'foundation' }, created.id);
}

/** 404 when the request does not exist, 403 when it belongs to another foundation than the caller's. */
async function assertOwnRequest(db: DbOrTx, userId: number, requestId: number) {
  const [row] = await db
    .select({ isOwn: isMemberOf('foundation', userId, foundations.id) })
    .from(volunteerRequests)
    .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
    .where(eq(volunteerRequests.id, requestId));
  if (!row) throw notFound(messages.notFound);
  if (!row.isOwn) throw forbidden(messages.notYourRequest);
}

/**
 * The owner opens, closes or marks the request fulfilled
 * (docs/decisions/013-volunteer-requests-and-reports.md).
 */
export async function changeRequestStatus(
  db: Db,
  userId: number,
  requestId: number,
  status: VolunteerRequestStatus,
) {
  await assertOwnRequest(db, userId, requestId);
  await db
    .update(volunteerRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(volunteerRequests.id, requestId));
  return getRequest(db, { userId, role: 'foundation' }, requestId);
}

/**
 * An approved school answers an open request, once. The request row is locked so that closing it
 * and answering it cannot cross; the unique index on (request, school) is the last word on "once".
 */
export async function respond(db: Db, userId: number, requestId: number, input: ResponseInput) {
  return db.transaction(async (tx) => {
    const school = await schoolOfUser(tx, userId);
    if (school.moderationStatus !== 'approved') throw forbidden(messages.notApprovedSchool);
    const [request] = await tx
      .select({
        status: volunteerRequests.status,
        title: volunteerRequests.title,
        facts: requestFactsColumns,
        foundationId: volunteerRequests.foundationId,
      })
      .from(volunteerRequests)
      .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
      .where(and(eq(volunteerRequests.id, requestId), eq(foundations.moderationStatus, 'approved')))
      .for('update', { of: volunteerRequests });
    if (!request) throw notFound(messages.notFound);
    if (request.status !== 'open') throw conflict(messages.notOpen);

    const [created] = await tx
      .insert(schoolResponses)
      .values({ ...input, requestId, schoolId: school.id })
      .onConflictDoNothing({ target: [schoolResponses.requestId, schoolResponses.schoolId] })
      .returning({ id: schoolResponses.id });
    if (!created) throw conflict(messages.alreadyResponded);
    // To the foundation: each of its members hears of the response.
    await notify(tx, [
      {
        foundationId: request.foundationId,
        kind: 'response_received',
        text: notificationTexts.responseReceived(school.name, request.title, input.volunteersOffered),
        link: `/volunteer-requests/${requestId}`,
      },
    ]);
    await queueMail(tx, [
      {
        foundationId: request.foundationId,
        kind: 'volunteerRequests',
        message: letters.responseReceived(request.facts, school.name, input.volunteersOffered),
      },
    ]);
    return { id: created.id, message: messages.responded };
  });
}

/** The owning foundation accepts or rejects a pending response, with an optional note for the school. */
export async function processResponse(
  db: Db,
  userId: number,
  responseId: number,
  decision: ResponseDecision,
) {
  return db.transaction(async (tx) => {
    const [response] = await tx
      .select({
        status: schoolResponses.status,
        facts: requestFactsColumns,
        isCallersFoundation: isMemberOf('foundation', userId, foundations.id),
        foundationName: foundations.name,
        schoolId: schools.id,
      })
      .from(schoolResponses)
      .innerJoin(volunteerRequests, eq(volunteerRequests.id, schoolResponses.requestId))
      .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
      .innerJoin(schools, eq(schools.id, schoolResponses.schoolId))
      .where(eq(schoolResponses.id, responseId))
      .for('update', { of: schoolResponses });
    if (!response) throw notFound(messages.responseNotFound);
    if (!response.isCallersFoundation) throw forbidden(messages.notYourResponse);
    if (response.status !== 'pending') throw conflict(messages.responseNotPending);

    await tx
      .update(schoolResponses)
      .set({ status: decision.status, processingNote: decision.processingNote, processedAt: new Date() })
      .where(eq(schoolResponses.id, responseId));
    await notify(tx, [
      {
        schoolId: response.schoolId,
        kind: 'response_processed',
        text: notificationTexts.responseProcessed(
          response.facts.title,
          decision.status,
          decision.processingNote,
        ),
        link: `/volunteer-requests/${response.facts.id}`,
      },
    ]);
    await queueMail(tx, [
      {
        schoolId: response.schoolId,
        kind: 'volunteerRequests',
        message: letters.responseProcessed(
          response.facts,
          response.foundationName,
          decision.status,
          decision.processingNote,
        ),
      },
    ]);
    return { message: messages.processed };
  });
}

/**
 * The school's own pending response, locked together with its request. The foundation's decision
 * (processResponse) locks the same response row, so an edit or a withdrawal and a decision never
 * interleave: whichever comes second sees what the first did. The request row is locked as responding
 * locks it, so that closing the request and editing cannot cross either.
 */
async function lockOwnPendingResponse(tx: DbOrTx, userId: number, responseId: number) {
  const [row] = await tx
    .select({
      response: responseColumns,
      requestId: schoolResponses.requestId,
      requestStatus: volunteerRequests.status,
      title: volunteerRequests.title,
      foundationId: foundations.id,
      isCallersSchool: isMemberOf('school', userId, schools.id),
      schoolName: schools.name,
      schoolModeration: schools.moderationStatus,
    })
    .from(schoolResponses)
    .innerJoin(volunteerRequests, eq(volunteerRequests.id, schoolResponses.requestId))
    .innerJoin(foundations, eq(foundations.id, volunteerRequests.foundationId))
    .innerJoin(schools, eq(schools.id, schoolResponses.schoolId))
    .where(eq(schoolResponses.id, responseId))
    .for('update', { of: [schoolResponses, volunteerRequests] });
  if (!row) throw notFound(messages.responseNotFound);
  if (!row.isCallersSchool) throw forbidden(messages.notYourSchoolResponse);
  if (row.response.status !== 'pending') throw conflict(messages.responseAlreadyDecided);
  return row;
}

const editableFields = [
  'volunteersOffered',
  'message',
  'contactPerson',
  'contactPhone',
  'contactEmail',
] as const;

/**
 * The school replaces its pending response with a new one, as the response form sends it whole. Only
 * on an open request, since a closed one takes no new offers; the foundation hears of a real change.
 */
export async function editResponse(db: Db, userId: number, responseId: number, input: ResponseInput) {
  return db.transaction(async (tx) => {
    const row = await lockOwnPendingResponse(tx, userId, responseId);
    if (row.schoolModeration !== 'approved') throw forbidden(messages.notApprovedSchool);
    if (row.requestStatus !== 'open') throw conflict(messages.editNotOpen);

    const [updated] = await tx
      .update(schoolResponses)
      .set(input)
      .where(eq(schoolResponses.id, responseId))
      .returning();
    if (!updated) throw new Error('school response not updated');
    if (editableFields.some((field) => row.response[field] !== input[field])) {
      await notify(tx, [
        {
          foundationId: row.foundationId,
          kind: 'response_edited',
          text: notificationTexts.responseEdited(row.schoolName, row.title, input.volunteersOffered),
          link: `/volunteer-requests/${row.requestId}`,
        },
      ]);
    }
    const response: SchoolResponse = {
      id: updated.id,
      volunteersOffered: updated.volunteersOffered,
      message: updated.message,
      contactPerson: updated.contactPerson,
      contactPhone: updated.contactPhone,
      contactEmail: updated.contactEmail,
      status: updated.status,
      processingNote: updated.processingNote,
      createdAt: updated.createdAt.toISOString(),
      processedAt: updated.processedAt?.toISOString() ?? null,
    };
    return { response, message: messages.responseUpdated };
  });
}

/**
 * The school takes back its pending response, whatever the request's status. The row goes, so the
 * unique index on (request, school) lets the school respond again while the request is open.
 */
export async function withdrawResponse(db: Db, userId: number, responseId: number) {
  return db.transaction(async (tx) => {
    const row = await lockOwnPendingResponse(tx, userId, responseId);
    await tx.delete(schoolResponses).where(eq(schoolResponses.id, responseId));
    await notify(tx, [
      {
        foundationId: row.foundationId,
        kind: 'response_withdrawn',
        text: notificationTexts.responseWithdrawn(row.schoolName, row.title),
        link: `/volunteer-requests/${row.requestId}`,
      },
    ]);
    return { message: messages.responseWithdrawn };
  });
}
