import { z } from 'zod';

export const notificationMessages = {
  markedRead: 'Уведомления прочитаны',
} as const;

/** GET /api/notifications/check: whether the header shows its dot. */
export const notificationCheckSchema = z
  .object({
    hasNewNotifications: z
      .boolean()
      .describe('True when a notification is newer than the moment the list was last opened'),
  })
  .meta({ id: 'NotificationCheck' });
export type NotificationCheck = z.infer<typeof notificationCheckSchema>;

/** One notification of the signed-in account's list (GET /api/notifications). */
export const notificationItemSchema = z
  .object({
    id: z.number().int(),
    /** What happened, e.g. 'moderation' or 'application_approved'. */
    kind: z.string(),
    text: z.string(),
    /** The page of the app it leads to, if any. */
    link: z.string().nullable(),
    createdAt: z.string(),
    /** Newer than the moment the list was last opened. */
    isNew: z.boolean(),
  })
  .meta({ id: 'NotificationItem' });
export type NotificationItem = z.infer<typeof notificationItemSchema>;
