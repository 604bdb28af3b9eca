import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foundationProfileSchema, schoolProfileSchema } from '../../shared/profile';
import { currentUser, requireRole, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { getProfile, updateProfile } from './service';

export const profileRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  app.get('/api/profile', { onRequest: requireUser }, async (request) =>
    getProfile(db, currentUser(request).id),
  );

  app.patch(
    '/api/profile',
    {
      onRequest: requireRole('foundation', 'school'),
      config: { rateLimit: writeRateLimit },
      // The body's shape depends on the caller's role, so it is parsed in the handler.
      schema: { body: z.record(z.string(), z.unknown(), { error: 'Отправьте данные в формате JSON' }) },
    },
    async (request) => {
      const user = currentUser(request);
      const schema = user.role === 'school' ? schoolProfileSchema : foundationProfileSchema;
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Некорректные данные профиля');
      await updateProfile(db, user, parsed.data);
      return getProfile(db, user.id);
    },
  );
};
