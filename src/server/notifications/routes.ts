import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { currentUser, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { hasNewNotifications, listNotifications, markNotificationsRead } from './service';

export const notificationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  app.get(
    '/api/notifications/check',
    {
      onRequest: requireUser,
      schema: { response: { 200: z.object({ hasNewNotifications: z.boolean() }), 401: messageSchema } },
    },
    async (request) => ({ hasNewNotifications: await hasNewNotifications(db, currentUser(request).id) }),
  );

  app.get('/api/notifications', { onRequest: requireUser }, async (request) =>
    listNotifications(db, currentUser(request).id),
  );

  app.post(
    '/api/notifications/mark-read',
    {
      onRequest: requireUser,
      config: { rateLimit: writeRateLimit },
      schema: { response: { 200: messageSchema, 401: messageSchema } },
    },
    async (request) => {
      await markNotificationsRead(db, currentUser(request).id);
      return { message: 'Уведомления прочитаны' };
    },
  );
};
