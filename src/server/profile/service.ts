import { and, asc, countDistinct, eq, inArray, isNull, sql } from 'drizzle-orm';
import { authErrors } from '../../shared/errors';
import type { FoundationProfileInput, Profile, SchoolProfileInput } from '../../shared/profile';
import { profileMessages } from '../../shared/profile';
import type { ModerationStatus, Role } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import {
  events,
  foundationPhotos,
  foundations,
  hourCredits,
  images,
  registrations,
  schools,
  users,
} from '../db/schema';
import { holdsPlaces } from '../events/places';
import { badRequest, conflict, isUniqueViolation } from '../http/errors';
import { imageAddress } from '../images/address';
import { hasNewNotifications } from '../notifications/service';

type Organisation = typeof foundations.$inferSelect | typeof schools.$inferSelect;

/** decisions.md: complete when name, e-mail, phone, description and address are all filled in. */
export function isComplete(
  organisation: Pick<Organisation, 'name' | 'email' | 'phone' | 'description' | 'address'>,
) {
  return [
    organisation.name,
    organisation.email,
    organisation.phone,
    organisation.description,
    organisation.address,
  ].every((value) => typeof value === 'string' && value.trim() !== '');
}

async function schoolStats(db: Db, schoolId: number) {
  const [credits] = await db
    .select({
      hours: sql<number>`coalesce(sum(${hourCredits.hours}), 0)::int`,
      events: countDistinct(hourCredits.id),
    })
    .from(hourCredits)
    .where(and(eq(hourCredits.schoolId, schoolId), isNull(hourCredits.withdrawnAt)));
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(and(eq(registrations.schoolId, schoolId), holdsPlaces));
  return {
    totalHours: credits?.hours ?? 0,
    totalEvents: credits?.events ?? 0,
    registeredEvents: active?.n ?? 0,
  };
}

async function foundationStats(db: Db, foundationId: number) {
  const [row] = await db
    .select({
      events: sql<number>`count(*)::int`,
      upcoming: sql<number>`count(*) filter (where ${events.status} in ('upcoming', 'active'))::int`,
    })
    .from(events)
    .where(eq(events.foundationId, foundationId));
  const [hours] = await db
    .select({ total: sql<number>`coalesce(sum(${hourCredits.hours}), 0)::int` })
    .from(hourCredits)
    .where(eq(hourCredits.foundationId, foundationId));
  return {
    totalHours: hours?.total ?? 0,
    totalEvents: row?.events ?? 0,
    registeredEvents: row?.upcoming ?? 0,
  };
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw badRequest('Пользователь не найден');
  const base = {
    id: user.id,
    username: user.username,
    role: user.role,
    notificationsReadAt: user.notificationsReadAt?.toISOString() ?? null,
    hasNewNotifications: await hasNewNotifications(db, user.id),
  };

  const organisation =
    user.role === 'foundation'
      ? (await db.select().from(foundations).where(eq(foundations.userId, user.id)))[0]
      : user.role === 'school'
        ? (await db.select().from(schools).where(eq(schools.userId, user.id)))[0]
        : undefined;

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
    return { ...common, schoolType: organisation.schoolType, ...(await schoolStats(db, organisation.id)) };
  }
  const gallery = await db
    .select({ imageId: foundationPhotos.imageId })
    .from(foundationPhotos)
    .where(eq(foundationPhotos.foundationId, organisation.id))
    .orderBy(asc(foundationPhotos.position), asc(foundationPhotos.id));
  return {
    ...common,
    directions: organisation.directions,
    videoPresentation: organisation.videoPresentation,
    gallery: gallery.map((photo) => ({ imageId: photo.imageId, url: imageAddress(photo.imageId) })),
    ...(await foundationStats(db, organisation.id)),
  };
}

async function assertImagesExist(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx.select({ id: images.id }).from(images).where(inArray(images.id, ids));
  if (found.length !== new Set(ids).size) throw badRequest(profileMessages.image);
}

/**
 * Saves the organisation's profile. A profile the moderator rejected or sent back for changes returns to
 * review (decisions.md).
 */
export async function updateProfile(
  db: Db,
  user: { id: number; role: Role },
  input: SchoolProfileInput | FoundationProfileInput,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
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

      if (user.role === 'school' && 'schoolType' in input) {
        await tx
          .update(schools)
          .set({ ...shared, schoolType: input.schoolType })
          .where(eq(schools.userId, user.id));
        return;
      }
      if (user.role === 'foundation' && 'directions' in input) {
        const [foundation] = await tx
          .update(foundations)
          .set({ ...shared, directions: input.directions, videoPresentation: input.videoPresentation })
          .where(eq(foundations.userId, user.id))
          .returning({ id: foundations.id });
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
