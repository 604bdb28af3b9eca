import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { authErrors } from '../../shared/errors';
import type { FoundationProfileInput, Profile, SchoolProfileInput } from '../../shared/profile';
import { profileMessages } from '../../shared/profile';
import type { ModerationStatus, Role } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { preparedPerDatabase } from '../db/kept-statements';
import {
  applications,
  events,
  foundationPhotos,
  foundations,
  hourCredits,
  images,
  notifications,
  organisationMembers,
  schools,
  users,
} from '../db/schema';
import { holdsPlaces } from '../events/places';
import { badRequest, conflict, isUniqueViolation } from '../http/errors';
import { imageAddress } from '../images/address';
import { appendJournal, type JournalActor, journalActorOf } from '../journal/service';

type Organisation = typeof foundations.$inferSelect | typeof schools.$inferSelect;

/**
 * The fields docs/spec/decisions.md requires of a school's or a foundation's profile, in the form's order.
 */
export const requiredProfileFields = ['name', 'description', 'address', 'phone', 'email'] as const;
export type RequiredProfileField = (typeof requiredProfileFields)[number];

/** The required fields of the organisation's profile that are empty or blank. */
export function missingProfileFields(organisation: Pick<Organisation, RequiredProfileField>) {
  return requiredProfileFields.filter((field) => {
    const value = organisation[field];
    return typeof value !== 'string' || value.trim() === '';
  });
}

/** docs/spec/decisions.md: complete when name, e-mail, phone, description and address are all filled in. */
export function isComplete(organisation: Pick<Organisation, RequiredProfileField>) {
  return missingProfileFields(organisation).length === 0;
}

// What the profile shows of the account and its organisation: not the password's hash, the calendar's
// secret or a foundation's search document, which every signed-in page would otherwise carry here.
const {
  passwordHash: _hash,
  calendarToken: _token,
  mailOptOuts: _optOuts,
  ...userColumns
} = getTableColumns(users);
const { searchDocument: _document, ...foundationColumns } = getTableColumns(foundations);

/**
 * The whole profile in one statement: the account, its organisation, the red dot, the counters and the
 * gallery. It is read on every signed-in page; as six statements it cost six round trips, and it is
 * kept prepared, since planning its eight subqueries cost as much as running them.
 */
const profileOf = preparedPerDatabase((db) =>
  db
    .select({
      user: userColumns,
      foundation: foundationColumns,
      school: schools,
      hasNewNotifications: sql<boolean>`exists (
        select 1 from ${notifications} where ${notifications.userId} = ${users.id}
        and ${notifications.createdAt} > coalesce(${users.notificationsReadAt}, '-infinity'::timestamptz))`,
      // Counted only for the organisation the role has; the other join is empty and its id null.
      foundationEvents: sql<number>`(select count(*) from ${events}
        where ${events.foundationId} = ${foundations.id})::int`,
      // Only held events have credited hours, so the average is taken over those alone.
      foundationHeld: sql<number>`(select count(*) from ${events}
        where ${events.foundationId} = ${foundations.id} and ${events.status} = 'completed')::int`,
      foundationUpcoming: sql<number>`(select count(*) from ${events}
        where ${events.foundationId} = ${foundations.id} and ${events.status} in ('upcoming', 'active'))::int`,
      foundationHours: sql<number>`coalesce((select sum(${hourCredits.hours}) from ${hourCredits}
        where ${hourCredits.foundationId} = ${foundations.id}), 0)::int`,
      gallery: sql<number[]>`coalesce((select json_agg(${foundationPhotos.imageId}
        order by ${foundationPhotos.position}, ${foundationPhotos.id}) from ${foundationPhotos}
        where ${foundationPhotos.foundationId} = ${foundations.id}), '[]'::json)`,
      schoolHours: sql<number>`coalesce((select sum(${hourCredits.hours}) from ${hourCredits}
        where ${hourCredits.schoolId} = ${schools.id} and ${hourCredits.withdrawnAt} is null), 0)::int`,
      // A credit corrected to nobody (events/attendance.ts) is no event taken part in. Its hours are 0 as
      // its pupils are, and hours are in the school's index (migration 0014), so it is counted from there.
      schoolCreditedEvents: sql<number>`(select count(*) from ${hourCredits}
        where ${hourCredits.schoolId} = ${schools.id} and ${hourCredits.withdrawnAt} is null
          and ${hourCredits.hours} > 0)::int`,
      schoolActiveApplications: sql<number>`(select count(*) from ${applications}
        where ${applications.schoolId} = ${schools.id} and ${holdsPlaces})::int`,
    })
    .from(users)
    .leftJoin(organisationMembers, eq(organisationMembers.userId, users.id))
    .leftJoin(
      foundations,
      and(eq(foundations.id, organisationMembers.foundationId), eq(users.role, 'foundation')),
    )
    .leftJoin(schools, and(eq(schools.id, organisationMembers.schoolId), eq(users.role, 'school')))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('profile'),
);

async function readProfile(db: Db, userId: number) {
  const [row] = await profileOf(db).execute({ userId });
  return row;
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const row = await readProfile(db, userId);
  if (!row) throw badRequest('Пользователь не найден');
  const { user } = row;
  const base = {
    id: user.id,
    username: user.username,
    role: user.role,
    notificationsReadAt: user.notificationsReadAt?.toISOString() ?? null,
    hasNewNotifications: row.hasNewNotifications,
  };

  const organisation = row.foundation ?? row.school ?? undefined;

  if (!organisation) {
    return {
      ...base,
      organisationId: null,
      moderationStatus: null,
      moderationComment: null,
      moderatedAt: null,
      // Administrators pass the profile gate; volunteers have no organisation profile to complete.
      isProfileComplete: user.role === 'admin',
      fullName: null,
      shortDescription: null,
      description: null,
      email: null,
      phone: null,
      address: null,
      location: null,
      website: null,
      telegramChannel: null,
      vkLink: null,
      contactPerson: null,
      avatar: null,
      logoImageId: null,
      totalHours: 0,
      totalEvents: 0,
      hoursPerHeldEvent: 0,
      registeredEvents: 0,
    };
  }

  const common = {
    ...base,
    organisationId: organisation.id,
    moderationStatus: organisation.moderationStatus,
    moderationComment: organisation.moderationComment,
    moderatedAt: organisation.moderatedAt?.toISOString() ?? null,
    isProfileComplete: isComplete(organisation),
    fullName: organisation.name,
    shortDescription: organisation.shortDescription,
    description: organisation.description,
    email: organisation.email,
    phone: organisation.phone,
    address: organisation.address,
    location: organisation.location,
    website: organisation.website,
    telegramChannel: organisation.telegramChannel,
    vkLink: organisation.vkLink,
    contactPerson: organisation.contactPerson,
    avatar: organisation.logoImageId ? imageAddress(organisation.logoImageId) : null,
    logoImageId: organisation.logoImageId,
  };

  if ('schoolType' in organisation) {
    return {
      ...common,
      schoolType: organisation.schoolType,
      totalHours: row.schoolHours,
      totalEvents: row.schoolCreditedEvents,
      hoursPerHeldEvent: 0,
      registeredEvents: row.schoolActiveApplications,
    };
  }
  return {
    ...common,
    directions: organisation.directions,
    videoPresentation: organisation.videoPresentation,
    gallery: row.gallery.map((imageId) => ({ imageId, url: imageAddress(imageId) })),
    totalHours: row.foundationHours,
    totalEvents: row.foundationEvents,
    hoursPerHeldEvent: row.foundationHeld > 0 ? Math.round(row.foundationHours / row.foundationHeld) : 0,
    registeredEvents: row.foundationUpcoming,
  };
}

async function assertImagesExist(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: images.id }).from(images).where(inArray(images.id, ids));
  if (found.length !== new Set(ids).size) throw badRequest(profileMessages.image);
}

/** The organisation the person is a member of, as a subquery of the one id `column` holds. */
const organisationOf = (
  tx: DbOrTx,
  userId: number,
  column: typeof organisationMembers.schoolId | typeof organisationMembers.foundationId,
) => tx.select({ id: column }).from(organisationMembers).where(eq(organisationMembers.userId, userId));

/** The columns of a profile the journal compares, by the names the profile's form gives them. */
const journalledColumns = (table: typeof schools | typeof foundations) => ({
  id: table.id,
  fullName: table.name,
  shortDescription: table.shortDescription,
  description: table.description,
  address: table.address,
  phone: table.phone,
  email: table.email,
  website: table.website,
  vkLink: table.vkLink,
  telegramChannel: table.telegramChannel,
  contactPerson: table.contactPerson,
  logoImageId: table.logoImageId,
  moderationStatus: table.moderationStatus,
});

/**
 * The fields whose value differs, with what they were and what they are; a field `after` leaves out
 * (undefined) was not saved and so did not change. Null when nothing did: no entry is written then.
 */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = before[field] ?? null;
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    was[field] = old;
    now[field] = value;
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

/**
 * The journal's entry of a saved profile, in the organisation's own journal: the fields that changed,
 * before and after. Pictures are named by their ids, never by their bytes.
 */
async function recordProfileChange(
  tx: DbOrTx,
  actor: JournalActor | null,
  organisation: { schoolId: number } | { foundationId: number },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  const changed = changedFields(before, after);
  if (!changed) return;
  await appendJournal(tx, [{ kind: 'profile.changed', actor, ...organisation, ...changed }]);
}

/**
 * Saves the profile of the organisation the caller is a member of. A profile the moderator rejected or
 * sent back for changes returns to review (docs/spec/decisions.md). What changed is recorded in the
 * organisation's journal, in the same transaction.
 */
export async function updateProfile(
  db: Db,
  user: { id: number; role: Role },
  input: SchoolProfileInput | FoundationProfileInput,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      // Read before the name changes: the entry names the person as they were when they saved.
      const actor = await journalActorOf(tx, user.id);
      const personBefore = { username: actor?.name ?? null };
      await tx.update(users).set({ username: input.username }).where(eq(users.id, user.id));
      await assertImagesExist(tx, [
        ...(input.logoImageId ? [input.logoImageId] : []),
        ...('galleryImageIds' in input ? (input.galleryImageIds ?? []) : []),
      ]);
      const shared = {
        name: input.fullName,
        shortDescription: input.shortDescription,
        description: input.description,
        address: input.address,
        phone: input.phone,
        email: input.email,
        website: input.website,
        vkLink: input.vkLink,
        telegramChannel: input.telegramChannel,
        contactPerson: input.contactPerson,
        ...(input.logoImageId !== undefined ? { logoImageId: input.logoImageId } : {}),
        moderationStatus: sql<ModerationStatus>`case when moderation_status in ('rejected', 'needs_changes')
          then 'pending'::moderation_status else moderation_status end`,
        updatedAt: new Date(),
      };

      // What the journal compares, as the form names it; the status as the update leaves it.
      const saved = {
        username: input.username,
        fullName: input.fullName,
        shortDescription: input.shortDescription,
        description: input.description,
        address: input.address,
        phone: input.phone,
        email: input.email,
        website: input.website,
        vkLink: input.vkLink,
        telegramChannel: input.telegramChannel,
        contactPerson: input.contactPerson,
        logoImageId: input.logoImageId,
      };
      const statusAfter = (status: ModerationStatus): ModerationStatus =>
        status === 'rejected' || status === 'needs_changes' ? 'pending' : status;

      if (user.role === 'school' && 'schoolType' in input) {
        const mine = inArray(schools.id, organisationOf(tx, user.id, organisationMembers.schoolId));
        const [before] = await tx
          .select({ ...journalledColumns(schools), schoolType: schools.schoolType })
          .from(schools)
          .where(mine)
          .for('update');
        await tx
          .update(schools)
          .set({ ...shared, schoolType: input.schoolType })
          .where(mine);
        if (before) {
          await recordProfileChange(
            tx,
            actor,
            { schoolId: before.id },
            { ...personBefore, ...before },
            {
              ...saved,
              schoolType: input.schoolType,
              moderationStatus: statusAfter(before.moderationStatus),
            },
          );
        }
        return;
      }
      if (user.role === 'foundation' && 'directions' in input) {
        const mine = inArray(foundations.id, organisationOf(tx, user.id, organisationMembers.foundationId));
        const [before] = await tx
          .select({
            ...journalledColumns(foundations),
            directions: foundations.directions,
            videoPresentation: foundations.videoPresentation,
          })
          .from(foundations)
          .where(mine)
          .for('update');
        const gallery = before
          ? await tx
              .select({ imageId: foundationPhotos.imageId })
              .from(foundationPhotos)
              .where(eq(foundationPhotos.foundationId, before.id))
              .orderBy(foundationPhotos.position, foundationPhotos.id)
          : [];
        const [foundation] = await tx
          .update(foundations)
          .set({ ...shared, directions: input.directions, videoPresentation: input.videoPresentation })
          .where(mine)
          .returning({ id: foundations.id });
        if (before) {
          await recordProfileChange(
            tx,
            actor,
            { foundationId: before.id },
            { ...personBefore, ...before, galleryImageIds: gallery.map((photo) => photo.imageId) },
            {
              ...saved,
              directions: input.directions,
              videoPresentation: input.videoPresentation,
              galleryImageIds: input.galleryImageIds,
              moderationStatus: statusAfter(before.moderationStatus),
            },
          );
        }
        if (foundation && input.galleryImageIds) {
          await tx.delete(foundationPhotos).where(eq(foundationPhotos.foundationId, foundation.id));
          if (input.galleryImageIds.length > 0) {
            await tx.insert(foundationPhotos).values(
              input.galleryImageIds.map((imageId, position) => ({
                foundationId: foundation.id,
                imageId,
                position,
              })),
            );
          }
        }
        return;
      }
      throw badRequest('Профиль этой роли не редактируется');
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authErrors.usernameTaken);
    throw error;
  }
}
