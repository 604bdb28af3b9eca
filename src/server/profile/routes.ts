import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { foundationProfileSchema, profileSchema, schoolProfileSchema } from '../../shared/profile';
import { currentUser, requireOwner, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { badRequest } from '../http/errors';
import { getProfile, updateProfile } from './service';

const tags = ['profile'];

const profileFields = `\`{ id, username, role, organisationId, moderationStatus, moderationComment, moderatedAt,
notificationsReadAt, hasNewNotifications, isProfileComplete, fullName, shortDescription, description,
email, phone, address, location, website, telegramChannel, vkLink, contactPerson, avatar, logoImageId,
totalHours, totalEvents, registeredEvents }\`, plus \`schoolType\` for a school and \`directions,
videoPresentation, gallery: [{ imageId, url }]\` for a foundation. \`isProfileComplete\` is computed: name,
e-mail, phone, description and address filled in (always true for an administrator).`;

export const profileRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
}> = async (app, { db, writeRateLimit }) => {
  app.get(
    '/api/profile',
    {
      onRequest: requireUser,
      schema: {
        summary: "The signed-in account with its organisation's profile",
        description: `Caller: signed in (401 otherwise). 200: ${profileFields}

400 'Пользователь не найден' when the account was deleted while the request ran.`,
        tags,
        response: { 200: profileSchema, ...failures(400) },
      },
    },
    async (request) => getProfile(db, currentUser(request).id),
  );

  app.patch(
    '/api/profile',
    {
      onRequest: requireOwner('foundation', 'school'),
      config: { rateLimit: writeRateLimit },
      schema: {
        summary: "Save the organisation's profile",
        description: `Caller: an owner of a foundation or a school (401 anonymous, 403 for other roles and for
coordinators and viewers). Rate limit: 60 per minute.

Body (school): \`username, fullName (≥ 5), schoolType ('state' | 'private'), description (≥ 20),
shortDescription?, address (≥ 10), phone (≥ 10), email, contactPerson? (2–200 characters; empty or
absent clears it), website?, vkLink?, telegramChannel?, logoImageId? (an id from POST /api/images, null
removes the logo)\`. Foundation: the same without schoolType, plus \`directions\` (at least one),
\`videoPresentation?\`, \`galleryImageIds?\` (at most 6; replaces the gallery in that order). Links
without a scheme get https://; only http(s) links pass. The body's shape depends on the caller's role,
so it is checked in the handler and shown here as any object.

200: the profile as GET /api/profile returns it. A profile in status rejected or needs_changes returns
to pending.

400 with the first rule's Russian message (working-areas.md section 5), e.g. 'Название школы должно
содержать минимум 5 символов', 'Укажите полный адрес', 'Некорректное изображение'. 409 'Пользователь с
таким именем уже существует'.`,
        tags,
        // The body's shape depends on the caller's role, so it is parsed in the handler.
        body: z.record(z.string(), z.unknown(), { error: 'Отправьте данные в формате JSON' }),
        response: { 200: profileSchema, ...failures(409) },
      },
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
