import { z } from 'zod';

/** GET /api/health while the database answers and every table the app needs can be read. */
export const healthSchema = z
  .object({ status: z.literal('ok'), database: z.literal('ok') })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
