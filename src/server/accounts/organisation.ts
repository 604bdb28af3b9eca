import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { applicationMessages } from '../../shared/applications';
import type { MemberRole } from '../../shared/roles';
import type { DbOrTx } from '../db/client';
import { preparedPerDatabase } from '../db/kept-statements';
import { foundations, organisationMembers, schools, users } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * The organisation of a person, in one place: a member of a school or a foundation belongs to exactly one,
 * through organisation_members (docs/decisions/091). Every signed-in list of a school or a foundation
 * begins with this lookup, so it is a statement built once and kept by the database: planned once per
 * connection rather than on every request.
 */

export const organisationMessages = {
  noFoundation: 'Профиль фонда не найден',
  onlySchools: applicationMessages.onlySchools,
} as const;

const foundationOfUserOf = preparedPerDatabase((db) =>
  db
    .select({
      id: foundations.id,
      name: foundations.name,
      moderationStatus: foundations.moderationStatus,
      memberRole: organisationMembers.role,
    })
    .from(organisationMembers)
    .innerJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
    .where(eq(organisationMembers.userId, sql.placeholder('userId')))
    .prepare('foundation_of_user'),
);

const schoolOfUserOf = preparedPerDatabase((db) =>
  db
    .select({
      id: schools.id,
      name: schools.name,
      moderationStatus: schools.moderationStatus,
      memberRole: organisationMembers.role,
    })
    .from(organisationMembers)
    .innerJoin(schools, eq(schools.id, organisationMembers.schoolId))
    .where(eq(organisationMembers.userId, sql.placeholder('userId')))
    .prepare('school_of_user'),
);

/** The foundation a person is a member of, if any. */
export async function findFoundationOfUser(db: DbOrTx, userId: number) {
  const [foundation] = await foundationOfUserOf(db).execute({ userId });
  return foundation;
}

/** The school a person is a member of, if any. */
export async function findSchoolOfUser(db: DbOrTx, userId: number) {
  const [school] = await schoolOfUserOf(db).execute({ userId });
  return school;
}

/** The foundation behind a signed-in foundation member; 403 for anyone else. */
export async function foundationOfUser(db: DbOrTx, userId: number) {
  const foundation = await findFoundationOfUser(db, userId);
  if (!foundation) throw forbidden(organisationMessages.noFoundation);
  return foundation;
}

/** The school behind a signed-in school member; 403 for anyone else. */
export async function schoolOfUser(db: DbOrTx, userId: number) {
  const school = await findSchoolOfUser(db, userId);
  if (!school) throw forbidden(organisationMessages.onlySchools);
  return school;
}

/**
 * Who a notification or a letter is for: one person, or every member of a school or a foundation (issue 53,
 * item 5: what happens to an organisation reaches each of its people).
 */
export type Recipient = { userId: number } | { schoolId: number } | { foundationId: number };

/** A recipient as the columns of a jsonb record: exactly one of the three is set. */
export const recipientColumns = (recipient: Recipient) => ({
  user_id: 'userId' in recipient ? recipient.userId : null,
  school_id: 'schoolId' in recipient ? recipient.schoolId : null,
  foundation_id: 'foundationId' in recipient ? recipient.foundationId : null,
});

/**
 * A LATERAL join to the people `item` (a row with user_id, school_id and foundation_id, as
 * recipientColumns writes) stands for, as `person(user_id)`.
 */
export const peopleOfRecipient = (item: SQL) => sql`join lateral (
    select ${item}.user_id where ${item}.user_id is not null
    union all
    select ${organisationMembers.userId} from ${organisationMembers}
      where ${organisationMembers.schoolId} = ${item}.school_id
    union all
    select ${organisationMembers.userId} from ${organisationMembers}
      where ${organisationMembers.foundationId} = ${item}.foundation_id
  ) as person(user_id) on true`;

/**
 * The account an organisation is named by where a list shows one person for it (the administrator's
 * lists, its login in exports): its first owner. An organisation always has an owner (decision 091).
 * The outer table's id is written out in full: in a select from one table, drizzle leaves the columns of
 * an sql fragment unqualified, and a bare "id" inside the subquery would be the member's own.
 */
export const schoolOwnerId = sql<number>`(select owner.user_id from ${organisationMembers} as owner
  where owner.school_id = "schools"."id" and owner.role = 'owner' order by owner.id limit 1)`;

export const foundationOwnerId = sql<number>`(select owner.user_id from ${organisationMembers} as owner
  where owner.foundation_id = "foundations"."id" and owner.role = 'owner' order by owner.id limit 1)`;

/** A condition on schools or foundations: the organisation of that kind the person `userId` is a member of. */
export const isOrganisationOf = (table: typeof schools | typeof foundations, userId: number | SQL) =>
  eq(
    table.id,
    table === schools
      ? sql`(select member.school_id from ${organisationMembers} as member where member.user_id = ${userId})`
      : sql`(select member.foundation_id from ${organisationMembers} as member where member.user_id = ${userId})`,
  );

/** A person's place in their organisation: which one, as what, and their name for the journal. */
export interface Membership {
  memberId: number;
  userId: number;
  username: string;
  role: MemberRole;
  kind: 'school' | 'foundation';
  organisationId: number;
  organisationName: string | null;
}

/** The membership of a person, if they belong to an organisation. */
export async function findMembership(db: DbOrTx, userId: number): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      memberId: organisationMembers.id,
      userId: organisationMembers.userId,
      username: users.username,
      role: organisationMembers.role,
      schoolId: organisationMembers.schoolId,
      foundationId: organisationMembers.foundationId,
      organisationName: sql<string | null>`coalesce(${schools.name}, ${foundations.name})`,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(schools, eq(schools.id, organisationMembers.schoolId))
    .leftJoin(foundations, eq(foundations.id, organisationMembers.foundationId))
    .where(eq(organisationMembers.userId, userId));
  if (!row) return undefined;
  const { schoolId, foundationId, ...rest } = row;
  return schoolId !== null
    ? { ...rest, kind: 'school', organisationId: schoolId }
    : { ...rest, kind: 'foundation', organisationId: foundationId ?? 0 };
}

/** The condition on a table with school_id and foundation_id columns: rows of this organisation. */
export function ofOrganisation(
  table: { schoolId: AnyPgColumn; foundationId: AnyPgColumn },
  membership: Pick<Membership, 'kind' | 'organisationId'>,
) {
  return membership.kind === 'school'
    ? eq(table.schoolId, membership.organisationId)
    : eq(table.foundationId, membership.organisationId);
}
