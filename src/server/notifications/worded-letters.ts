import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { events, foundations } from '../db/schema';
import { eventFactsColumns } from '../events/facts';
import type { LetterReference, MailMessage } from '../mail/outbox';
import { letters } from './letters';

/**
 * The letters the one-statement writes queue by what happened (mail/outbox.ts LetterReference): a new
 * application and a cancelled one, both to the foundation. Their statement holds the school's name and
 * the pupils as they were; the event is read when the letter is worded.
 */
const applicationFacts = {
  eventId: z.number().int(),
  schoolName: z.string().nullable(),
  participantCount: z.number().int(),
};
const letterReferenceSchema = z.discriminatedUnion('letter', [
  z.object({ letter: z.literal('applicationReceived'), ...applicationFacts }),
  z.object({ letter: z.literal('applicationCancelled'), ...applicationFacts }),
]);

/** The jsonb a write's statement stores for `letter`, from its columns (SQL expressions). */
export const applicationLetterReference = (
  letter: 'applicationReceived' | 'applicationCancelled',
  columns: { eventId: unknown; schoolName: unknown; participantCount: unknown },
) =>
  sql`jsonb_build_object('letter', ${letter}::text, 'eventId', ${columns.eventId},
    'schoolName', ${columns.schoolName}, 'participantCount', ${columns.participantCount})`;

/** Words a queued reference; undefined when its event is gone or the reference is not one of ours. */
export async function wordLetter(db: Db, reference: LetterReference): Promise<MailMessage | undefined> {
  const parsed = letterReferenceSchema.safeParse(reference);
  if (!parsed.success) return undefined;
  const { eventId, schoolName, participantCount } = parsed.data;
  const [event] = await db
    .select(eventFactsColumns)
    .from(events)
    .innerJoin(foundations, eq(foundations.id, events.foundationId))
    .where(eq(events.id, eventId));
  if (!event) return undefined;
  return parsed.data.letter === 'applicationReceived'
    ? letters.applicationReceived(event, schoolName, participantCount)
    : letters.applicationCancelled(event, schoolName, participantCount);
}
