import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '../../shared/answers';
import { type ImageQuota, imageMessages, maxImageBytes } from '../../shared/images';
import { idParam } from '../../shared/pagination';
import { currentUser, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { loadImage, storeImage } from './service';

const uploadTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/octet-stream'];

export const imageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  writeRateLimit: { max: number; timeWindow: number };
  quota: ImageQuota;
}> = async (app, { db, writeRateLimit, quota }) => {
  // The raw bytes of a file; what they really are is decided by decoding them, not by this header.
  app.addContentTypeParser(
    uploadTypes,
    { parseAs: 'buffer', bodyLimit: maxImageBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/images',
    {
      // No bodyLimit of the route's own: it would lift the 256 KB of JSON too. Each parser keeps its
      // limit: maxImageBytes for the picture's raw bytes above, the app's for JSON.
      onRequest: requireUser,
      config: { rateLimit: writeRateLimit },
      schema: {
        response: {
          201: z.object({ id: z.number(), url: z.string(), width: z.number(), height: z.number() }),
          400: messageSchema,
          401: messageSchema,
          413: messageSchema,
          415: messageSchema,
          429: messageSchema,
          503: messageSchema,
        },
      },
      // A picture over its limit is refused in the image rules' words.
      errorHandler: (error, request, reply) => {
        const isPicture = !request.headers['content-type']?.startsWith('application/json');
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && isPicture) {
          return reply.status(413).send({ message: imageMessages.tooLarge });
        }
        throw error;
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, imageMessages.notAnImage);
      return reply.status(201).send(await storeImage(db, request.body, currentUser(request), quota));
    },
  );

  app.get(
    '/api/images/:id',
    { schema: { params: z.object({ id: idParam(imageMessages.imageId) }) } },
    async (request, reply) => {
      const image = await loadImage(db, request.params.id);
      // An image never changes under its id, so browsers may keep it for a year.
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(image.data);
    },
  );
};
