import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';

/** True when the user has a notification newer than the moment they last opened the list. */
export async function hasNewNotifications(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.userId, userId),
        gt(notifications.createdAt, sql`coalesce(${users.notificationsReadAt}, '-infinity'::timestamptz)`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
