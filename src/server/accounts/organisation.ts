import { eq, sql } from 'drizzle-orm';
import { applicationMessages } from '../../shared/applications';
import type { DbOrTx } from '../db/client';
import { preparedPerDatabase } from '../db/kept-statements';
import { foundations, schools } from '../db/schema';
import { forbidden } from '../http/errors';

/**
 * The organisation of an account, in one place: a foundation or a school account owns exactly one row
 * of its table, found by the account's id. Every signed-in list of a school or a foundation begins with
 * this lookup, so it is a statement built once and kept by the database: planned once per connection
 * rather than on every request.
 */

export const organisationMessages = {
  noFoundation: 'Профиль фонда не найден',
  onlySchools: applicationMessages.onlySchools,
} as const;

const foundationOfUserOf = preparedPerDatabase((db) =>
  db
    .select({ id: foundations.id, name: foundations.name, moderationStatus: foundations.moderationStatus })
    .from(foundations)
    .where(eq(foundations.userId, sql.placeholder('userId')))
    .prepare('foundation_of_user'),
);

const schoolOfUserOf = preparedPerDatabase((db) =>
  db
    .select({
      id: schools.id,
      name: schools.name,
      moderationStatus: schools.moderationStatus,
      userId: schools.userId,
    })
    .from(schools)
    .where(eq(schools.userId, sql.placeholder('userId')))
    .prepare('school_of_user'),
);

/** The foundation of an account, if it has one. */
export async function findFoundationOfUser(db: DbOrTx, userId: number) {
  const [foundation] = await foundationOfUserOf(db).execute({ userId });
  return foundation;
}

/** The school of an account, if it has one. */
export async function findSchoolOfUser(db: DbOrTx, userId: number) {
  const [school] = await schoolOfUserOf(db).execute({ userId });
  return school;
}

/** The foundation behind a signed-in foundation account; 403 for any other account. */
export async function foundationOfUser(db: DbOrTx, userId: number) {
  const foundation = await findFoundationOfUser(db, userId);
  if (!foundation) throw forbidden(organisationMessages.noFoundation);
  return foundation;
}

/** The school behind a signed-in school account; 403 for any other account. */
export async function schoolOfUser(db: DbOrTx, userId: number) {
  const school = await findSchoolOfUser(db, userId);
  if (!school) throw forbidden(organisationMessages.onlySchools);
  return school;
}
