import { z } from 'zod';

/** What the platform has done so far, as the home page shows it to every visitor. */
export const platformImpactSchema = z
  .object({
    /** Schools a moderator has approved. */
    schools: z.number().int().nonnegative(),
    /** Foundations a moderator has approved. */
    foundations: z.number().int().nonnegative(),
    /** Events their foundation has marked completed. */
    eventsHeld: z.number().int().nonnegative(),
    /** Volunteer hours credited to schools, all pupils together. */
    hoursCredited: z.number().int().nonnegative(),
  })
  .meta({ id: 'PlatformImpact' });

export type PlatformImpact = z.infer<typeof platformImpactSchema>;
