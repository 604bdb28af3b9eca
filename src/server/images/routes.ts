import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ImageQuota,
  imageMessages,
  maxImageBytes,
  maxImageMegapixels,
  maxWholeDecodedMegapixels,
} from '../../shared/images';
import { uploadedImageSchema } from '../../shared/images-answers';
import { idParam } from '../../shared/pagination';
import { currentUser, requireUser } from '../auth/guards';
import type { Db } from '../db/client';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { HttpError } from '../http/errors';
import { loadImage, storeImage } from './service';

const uploadTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/octet-stream'];

const tags = ['images'];

/** The bytes of a stored picture: it is re-encoded on upload, so one of these three formats. */
const storedPicture = { schema: z.any().describe("The picture's bytes") };

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
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'A signed-in user uploads a picture',
        description: `Caller: signed in (401 otherwise). Rate limit: 60 writes per minute per address and route.

Body: the file's bytes, \`Content-Type: image/png | image/jpeg | image/gif | image/webp |
application/octet-stream\` (the header is only a hint: the bytes are decoded to decide). At most 5 MB; a JSON
body keeps the 256 KB limit of every route and is refused with 415.

201 \`{ id, url, width, height }\`: the picture re-encoded in its own format without metadata, scaled down to
at most 1600 px wide.

400 '${imageMessages.notAnImage}' (not decodable), '${imageMessages.wrongFormat}' (another format),
'Изображение слишком большое: …' (over ${maxImageMegapixels} megapixels, or ${maxWholeDecodedMegapixels} for a
GIF, an interlaced PNG or a progressive JPEG, counted from the header before decoding). 413
'${imageMessages.tooLarge}'. Quota per account (administrators are not counted): an organisation the
moderators have not approved keeps at most ${quota.pendingAccountImages} pictures, else 403 'Пока профиль не одобрен
модератором…'; ${quota.uploadsPerDay} uploads a day, else 429 'За сутки загружено изображений: …';
${quota.storedBytes / 1024 / 1024} MB stored, else 413 'Ваши изображения уже занимают …'. The whole site takes
${quota.sitePerDay} new pictures a day from organisations, else 503 '${imageMessages.sitePerDay}'. 503 '${imageMessages.busy}' when too many pictures wait to be
decoded (one is decoded at a time).`,
        tags,
        response: { 201: uploadedImageSchema, ...failures(403, 413, 429, 503) },
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
    {
      schema: {
        summary: 'The bytes of a stored picture',
        description: `Caller: anyone. 200: the bytes with their type, \`Cache-Control: public, max-age=31536000,
immutable\` (a picture never changes under its id). 400 '${imageMessages.imageId}'; 404
'${imageMessages.notFound}'.`,
        tags,
        params: z.object({ id: idParam(imageMessages.imageId) }),
        response: {
          200: {
            description: 'The picture, PNG, JPEG or GIF',
            content: { 'image/png': storedPicture, 'image/jpeg': storedPicture, 'image/gif': storedPicture },
          },
          ...failures(404),
        },
      },
    },
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
