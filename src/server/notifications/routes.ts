import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import {
  notificationCheckSchema,
  notificationItemSchema,
  notificationMessages,
} from '../../shared/notifications';
import { currentUser, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { writeChanges } from '../http/cache-rules';
import { hasNewNotifications, listNotifications, markNotificationsRead } from './service';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  app.get(
    '/api/notifications/check',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Whether there is something new',
        description: `Caller: signed in (401 'Необходима авторизация' when anonymous). 200 \`{ hasNewNotifications }\`:
true when a notification is newer than the moment the list was last opened. The web app asks every 30
seconds while signed in.`,
        tags,
        response: { 200: notificationCheckSchema },
      },
    },
    async (request) => ({ hasNewNotifications: await hasNewNotifications(db, currentUser(request).id) }),
  );

  app.get(
    '/api/notifications',
    {
      onRequest: requireUser,
      schema: {
        summary: "The signed-in account's notifications",
        description: `Caller: signed in (401 when anonymous). 200: the newest 50, newest first. \`isNew\` is true
for those newer than the moment the list was last opened.`,
        tags,
        response: { 200: z.array(notificationItemSchema) },
      },
    },
    async (request) => listNotifications(db, currentUser(request).id),
  );

  app.post(
    '/api/notifications/mark-read',
    {
      onRequest: requireUser,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Mark every notification read',
        description: `Caller: signed in (401 when anonymous). 200 \`{ message: 'Уведомления прочитаны' }\`;
afterwards GET /api/notifications/check answers false. 429 after 60 per minute.`,
        tags,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await markNotificationsRead(db, currentUser(request).id);
      return { message: notificationMessages.markedRead };
    },
  );
};
