import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { peopleOfRecipient, type Recipient, recipientColumns } from '../accounts/organisation';
import type { Db, DbOrTx } from '../db/client';
import { preparedPerDatabase } from '../db/kept-statements';
import { notifications, users } from '../db/schema';

const newNotificationOf = preparedPerDatabase((db) =>
  db
    .select({ id: notifications.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        gt(notifications.createdAt, sql`coalesce(${users.notificationsReadAt}, '-infinity'::timestamptz)`),
      ),
    )
    .limit(1)
    .prepare('notification_check'),
);

/**
 * True when the user has a notification newer than the moment they last opened the list. Every
 * signed-in page asks it every 30 seconds, so the statement is kept prepared.
 */
export async function hasNewNotifications(db: Db, userId: number): Promise<boolean> {
  const [row] = await newNotificationOf(db).execute({ userId });
  return row !== undefined;
}

export type NewNotification = Recipient & {
  kind: string;
  text: string;
  link?: string | null;
};

/** Writes notifications inside the caller's transaction, so they exist only if the change does. */
export async function notify(db: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  const wanted = JSON.stringify(
    items.map((item) => ({
      ...recipientColumns(item),
      kind: item.kind,
      text: item.text,
      link: item.link ?? null,
    })),
  );
  await db.execute(sql`
    insert into ${notifications} (user_id, kind, text, link)
    select person.user_id, wanted.kind, wanted.text, wanted.link
    from rows from (jsonb_to_recordset(${wanted}::jsonb)
      as (user_id integer, school_id integer, foundation_id integer, kind text, text text, link text))
      with ordinality as wanted(user_id, school_id, foundation_id, kind, text, link, position)
    ${peopleOfRecipient(sql`wanted`)}
    order by wanted.position, person.user_id`);
}

const listLimit = 50;

export async function listNotifications(db: Db, userId: number) {
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      createdAt: notifications.createdAt,
      isNew: sql<boolean>`${notifications.createdAt} > coalesce(${users.notificationsReadAt}, '-infinity'::timestamptz)`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(listLimit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function markNotificationsRead(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ notificationsReadAt: new Date() }).where(eq(users.id, userId));
}
