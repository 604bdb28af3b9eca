import { eq } from 'drizzle-orm';
import type { ModerationDecision } from '../../shared/moderation';
import { moderationMessages, profileFieldNames } from '../../shared/moderation';
import type { Db } from '../db/client';
import { foundations, schools, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { letters } from '../notifications/letters';
import { notify } from '../notifications/service';
import { notificationTexts } from '../notifications/texts';
import { missingProfileFields } from '../profile/service';

/**
 * Records the decision on the organisation of account `userId` and tells its owner, in-app and by e-mail.
 * Approval needs the profile fields docs/spec/decisions.md requires; asking for changes or rejecting
 * does not.
 */
export async function moderateOrganisation(
  db: Db,
  adminId: number,
  userId: number,
  decision: ModerationDecision,
) {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
    const table = user?.role === 'foundation' ? foundations : user?.role === 'school' ? schools : undefined;
    if (!table) throw notFound(moderationMessages.notFound);
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
        .where(eq(table.userId, userId));
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
    const updated = await tx
      .update(table)
      .set(changes)
      .where(eq(table.userId, userId))
      .returning({ id: table.id });
    if (updated.length === 0) throw notFound(moderationMessages.notFound);
    await notify(tx, [
      {
        userId,
        kind: 'moderation',
        text: notificationTexts.moderation(decision.status, decision.comment),
        link: '/dashboard',
      },
    ]);
    await queueMail(tx, [
      {
        userId,
        kind: 'moderation',
        message: letters.moderation(decision.status, decision.comment),
      },
    ]);
  });
}
