import { z } from 'zod';

/**
 * What POST /api/images answers. Kept apart from images.ts, whose upload rules the forms import as
 * values and which stays free of zod; they import this type only.
 */
export const uploadedImageSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe('/api/images/{id}'),
    width: z.number().int().describe('Pixels, after scaling down to at most 1600'),
    height: z.number().int(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
