import { eq } from 'drizzle-orm';
import type { ModerationDecision } from '../../shared/moderation';
import { moderationMessages, profileFieldNames } from '../../shared/moderation';
import { findFoundationOfUser, findSchoolOfUser, type Recipient } from '../accounts/organisation';
import type { Db, Tx } from '../db/client';
import { foundations, schools, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';
import { missingProfileFields } from '../profile/service';

/**
 * Records the decision on the organisation of the person `userId` (the administrator's lists name an
 * organisation by its owner) and tells each of its members, in-app and by e-mail. Approval needs the
 * profile fields docs/spec/decisions.md requires; asking for changes or rejecting does not.
 */
export async function moderateOrganisation(
  db: Db,
  adminId: number,
  userId: number,
  decision: ModerationDecision,
) {
  await db.transaction(async (tx) => {
    const organisation = await organisationOfPerson(tx, userId);
    if (!organisation) throw notFound(moderationMessages.notFound);
    const { table, id, members } = organisation;
    if (decision.status === 'approved') {
      const [profile] = await tx
        .select({
          name: table.name,
          description: table.description,
          address: table.address,
          phone: table.phone,
          email: table.email,
        })
        .from(table)
        .where(eq(table.id, id));
      if (!profile) throw notFound(moderationMessages.notFound);
      // An approved organisation is shown to schools and pupils: it must say who it is and how to reach it.
      const missing = missingProfileFields(profile);
      if (missing.length > 0) {
        throw badRequest(
          moderationMessages.incompleteProfile(missing.map((field) => profileFieldNames[field])),
        );
      }
    }
    const changes = {
      moderationStatus: decision.status,
      moderationComment: decision.comment,
      moderatedBy: adminId,
      moderatedAt: new Date(),
    };
    const updated = await tx.update(table).set(changes).where(eq(table.id, id)).returning({ id: table.id });
    if (updated.length === 0) throw notFound(moderationMessages.notFound);
    await notify(tx, [
      {
        ...members,
        kind: 'moderation',
        text: notificationTexts.moderation(decision.status, decision.comment),
        link: '/dashboard',
      },
    ]);
    await queueMail(tx, [
      {
        ...members,
        kind: 'moderation',
        message: letters.moderation(decision.status, decision.comment),
      },
    ]);
  });
}

interface Organisation {
  table: typeof foundations | typeof schools;
  id: number;
  /** Everyone the decision is told to. */
  members: Recipient;
}

/** The organisation the person belongs to, found through their membership, as their role says which kind. */
async function organisationOfPerson(tx: Tx, userId: number): Promise<Organisation | undefined> {
  const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (user?.role === 'foundation') {
    const foundation = await findFoundationOfUser(tx, userId);
    return foundation && { table: foundations, id: foundation.id, members: { foundationId: foundation.id } };
  }
  if (user?.role === 'school') {
    const school = await findSchoolOfUser(tx, userId);
    return school && { table: schools, id: school.id, members: { schoolId: school.id } };
  }
  return undefined;
}
