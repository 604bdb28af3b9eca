import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applicationMessages } from '../../shared/applications';
import { formatDateRu } from '../../shared/dates';
import {
  participationCodeMessages as messages,
  type ParticipationCode,
  type ParticipationCodeStatus,
} from '../../shared/participation-codes';
import { formatProofCode, proofCodeMessages } from '../../shared/proof-codes';
import { schoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { applications, hourCredits, participationCodes, schools } from '../db/schema';
import type { PdfPool } from '../documents/pdf-pool';
import { newProofCode } from '../documents/proof-code';
import { badRequest, conflict, notFound } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';
import type { ClaimedEvent, SlipEvent } from './documents';

/** A credit of hours as written at completion: one code per pupil who came, each with one pupil's hours. */
export interface CreditForCodes {
  id: number;
  schoolId: number;
  applicationId: number | null;
  /** Pupils who came. */
  participantCount: number;
  /** Hours of all of them together. */
  hours: number;
}

/** Writes the codes of the given credits, in the caller's transaction. */
export async function issueParticipationCodes(tx: DbOrTx, credits: readonly CreditForCodes[]): Promise<void> {
  const rows = credits.flatMap((credit) =>
    Array.from({ length: credit.participantCount }, () => ({
      code: newProofCode(),
      hourCreditId: credit.id,
      schoolId: credit.schoolId,
      applicationId: credit.applicationId,
      // hours = pupils × the event's hours (events/manage.ts), so this is exact.
      hours: Math.floor(credit.hours / credit.participantCount),
    })),
  );
  // PostgreSQL takes at most 65,535 parameters per statement: an event of many large groups is
  // written in parts.
  for (let start = 0; start < rows.length; start += codesPerInsert) {
    await tx.insert(participationCodes).values(rows.slice(start, start + codesPerInsert));
  }
}
const codesPerInsert = 2000;

/**
 * The school's completed application and its credit of hours, locked, with its codes made if the event
 * was completed before codes existed. The credit's row lock makes that creation happen once: a second
 * request waits and then finds the codes. 404 for another school's application, as elsewhere.
 */
async function lockedCreditOf(tx: DbOrTx, schoolId: number, applicationId: number) {
  const [application] = await tx
    .select({ status: applications.status, attendedCount: applications.attendedCount })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.schoolId, schoolId)));
  if (!application) throw notFound(applicationMessages.notFound);
  if (application.status !== 'completed') throw conflict(messages.notCompleted);
  const [credit] = await tx
    .select({
      id: hourCredits.id,
      schoolId: hourCredits.schoolId,
      applicationId: hourCredits.applicationId,
      participantCount: hourCredits.participantCount,
      hours: hourCredits.hours,
      eventId: hourCredits.eventId,
      eventTitle: hourCredits.eventTitle,
      eventDate: hourCredits.eventDate,
      foundationName: hourCredits.foundationName,
    })
    .from(hourCredits)
    .where(and(eq(hourCredits.applicationId, applicationId), eq(hourCredits.schoolId, schoolId)))
    .orderBy(desc(hourCredits.id))
    .limit(1)
    .for('update');
  // Nobody came: the application has no credit and no codes.
  if (!credit) return undefined;
  const [made] = await tx
    .select({ n: count() })
    .from(participationCodes)
    .where(eq(participationCodes.hourCreditId, credit.id));
  if ((made?.n ?? 0) === 0) await issueParticipationCodes(tx, [credit]);
  return credit;
}

const replacement = alias(participationCodes, 'replacement');
const replaced = alias(participationCodes, 'replaced');

function statusOf(row: { claimedAt: Date | null; revokedAt: Date | null }): ParticipationCodeStatus {
  if (row.revokedAt) return 'revoked';
  return row.claimedAt ? 'claimed' : 'active';
}

/** The codes of a credit as stored (no dashes), oldest first, with the codes each replaced or was replaced by. */
function codesOfCredit(tx: DbOrTx, creditId: number) {
  return tx
    .select({
      code: participationCodes.code,
      hours: participationCodes.hours,
      claimedAt: participationCodes.claimedAt,
      revokedAt: participationCodes.revokedAt,
      replacedBy: replacement.code,
      replaces: replaced.code,
    })
    .from(participationCodes)
    .leftJoin(replacement, eq(replacement.replacesId, participationCodes.id))
    .leftJoin(replaced, eq(replaced.id, participationCodes.replacesId))
    .where(eq(participationCodes.hourCreditId, creditId))
    .orderBy(asc(participationCodes.id));
}
type StoredCode = Awaited<ReturnType<typeof codesOfCredit>>[number];

/** A code as the school sees it: formatted, with its status. */
const shown = (row: StoredCode): ParticipationCode => ({
  code: formatProofCode(row.code),
  status: statusOf(row),
  hours: row.hours,
  claimedAt: row.claimedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  replacedBy: row.replacedBy ? formatProofCode(row.replacedBy) : null,
  replaces: row.replaces ? formatProofCode(row.replaces) : null,
});

/** GET /api/applications/{id}/codes: every code of the school's completed application, oldest first. */
export async function listApplicationCodes(
  db: Db,
  userId: number,
  applicationId: number,
): Promise<ParticipationCode[]> {
  const school = await schoolOfUser(db, userId);
  return db.transaction(async (tx) => {
    const credit = await lockedCreditOf(tx, school.id, applicationId);
    return credit ? (await codesOfCredit(tx, credit.id)).map(shown) : [];
  });
}

/** GET /api/applications/{id}/codes.pdf: the slips of the active codes, and the file's name. */
export async function applicationSlips(
  db: Db,
  pdfs: PdfPool,
  userId: number,
  applicationId: number,
  origin: string,
): Promise<{ file: Buffer; eventTitle: string }> {
  const school = await schoolOfUser(db, userId);
  const { credit, active } = await db.transaction(async (tx) => {
    const found = await lockedCreditOf(tx, school.id, applicationId);
    if (!found) throw conflict(messages.nobodyCame);
    const codes = await codesOfCredit(tx, found.id);
    return { credit: found, active: codes.filter((code) => statusOf(code) === 'active') };
  });
  if (active.length === 0) throw conflict(messages.noActiveCodes);
  const event: SlipEvent = {
    title: credit.eventTitle,
    date: credit.eventDate,
    foundationName: credit.foundationName,
  };
  const file = await pdfs.render(
    'slips',
    event,
    active.map((code) => ({ code: code.code, hours: code.hours })),
    origin,
  );
  return { file, eventTitle: credit.eventTitle };
}

/**
 * POST /api/applications/{id}/codes/{code}/reissue: the lost code is revoked and a new one with the same
 * hours takes its place. A code already revoked was replaced before, and a used one stands behind a
 * certificate: a new code would put the same hours on a second one under another name (issue 51). 409.
 * The code's row lock orders this against a claim of the same code: whichever comes second is refused.
 */
export async function reissueCode(
  db: Db,
  calendar: Calendar,
  userId: number,
  applicationId: number,
  code: string,
): Promise<ParticipationCode> {
  const school = await schoolOfUser(db, userId);
  return db.transaction(async (tx) => {
    const credit = await lockedCreditOf(tx, school.id, applicationId);
    const [lost] = credit
      ? await tx
          .select({
            id: participationCodes.id,
            hours: participationCodes.hours,
            claimedAt: participationCodes.claimedAt,
            revokedAt: participationCodes.revokedAt,
          })
          .from(participationCodes)
          .where(and(eq(participationCodes.code, code), eq(participationCodes.hourCreditId, credit.id)))
          .for('update')
      : [];
    if (!credit || !lost) throw notFound(messages.notInApplication);
    if (lost.revokedAt) throw conflict(messages.alreadyRevoked);
    if (lost.claimedAt) throw conflict(messages.claimedNotReissued);
    await tx
      .update(participationCodes)
      .set({ revokedAt: calendar.now() })
      .where(eq(participationCodes.id, lost.id));
    const fresh = newProofCode();
    await tx.insert(participationCodes).values({
      code: fresh,
      hourCreditId: credit.id,
      schoolId: credit.schoolId,
      applicationId: credit.applicationId,
      hours: lost.hours,
      replacesId: lost.id,
    });
    // The school's journal alone: its pupils' codes are the school's to hand out, and the foundation
    // never sees them, the new one least of all while nobody has used it.
    await appendJournal(tx, [
      {
        kind: 'code.reissued',
        actor: await journalActorOf(tx, userId),
        schoolId: credit.schoolId,
        eventId: credit.eventId,
        applicationId: credit.applicationId,
        eventTitle: credit.eventTitle,
        before: { code: formatProofCode(code) },
        after: { code: formatProofCode(fresh), hours: lost.hours },
      },
    ]);
    const made = (await codesOfCredit(tx, credit.id)).find((item) => item.code === fresh);
    if (!made) throw new Error('the new code was not written');
    return shown(made);
  });
}

/**
 * POST /api/claim: the codes are claimed together or not at all, under row locks taken in one order, so
 * that of two simultaneous claims of a code exactly one succeeds and the other is told when it was used.
 * The certificate is made inside the transaction: if it cannot be made (or the PDF threads are too busy
 * to take it: 503), no code is spent.
 */
export async function claimCodes(
  db: Db,
  pdfs: PdfPool,
  calendar: Calendar,
  codes: readonly string[],
  name: string,
  origin: string,
): Promise<Buffer> {
  const several = codes.length > 1;
  const about = (code: string, message: string) => (several ? messages.ofCode(code, message) : message);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: participationCodes.id,
        code: participationCodes.code,
        hours: participationCodes.hours,
        claimedAt: participationCodes.claimedAt,
        revokedAt: participationCodes.revokedAt,
        hourCreditId: participationCodes.hourCreditId,
        eventId: hourCredits.eventId,
        revokedReason: participationCodes.revokedReason,
        eventTitle: hourCredits.eventTitle,
        eventDate: hourCredits.eventDate,
        foundationName: hourCredits.foundationName,
        activityType: hourCredits.activityType,
        schoolName: schools.name,
      })
      .from(participationCodes)
      .innerJoin(hourCredits, eq(hourCredits.id, participationCodes.hourCreditId))
      .innerJoin(schools, eq(schools.id, participationCodes.schoolId))
      .where(inArray(participationCodes.code, [...codes]))
      .orderBy(asc(participationCodes.id))
      .for('update', { of: participationCodes });
    const byCode = new Map(rows.map((row) => [row.code, row]));
    for (const code of codes) {
      const row = byCode.get(code);
      if (!row) throw notFound(about(code, proofCodeMessages.notFound));
      if (row.revokedAt) {
        const revoked =
          row.revokedReason === 'attendance_corrected' ? messages.revokedByAttendance : messages.revoked;
        throw conflict(about(code, revoked));
      }
      if (row.claimedAt) {
        throw conflict(about(code, messages.claimed(formatDateRu(calendar.dayOf(row.claimedAt)))));
      }
    }
    // After each code's own state: a used or revoked code is refused for itself, whatever it is beside.
    refuseTwoCodesOfOneEvent(codes, byCode);
    await tx
      .update(participationCodes)
      .set({ claimedAt: calendar.now() })
      .where(
        inArray(
          participationCodes.id,
          rows.map((row) => row.id),
        ),
      );
    const events: ClaimedEvent[] = codes.map((code) => {
      const row = byCode.get(code);
      if (!row) throw new Error('a checked code went missing');
      return {
        code,
        title: row.eventTitle,
        date: row.eventDate,
        foundationName: row.foundationName,
        schoolName: row.schoolName,
        activityType: row.activityType,
        hours: row.hours,
      };
    });
    return pdfs.render('claimCertificate', name, events, calendar.today(), origin);
  });
}

/**
 * One pupil gets one code per event, so a certificate names each event once: a second code of the same
 * event is another pupil's, and counting it would double the hours (issue 51). The event is the one the
 * credit was written for; once the event is deleted its credits no longer name it, and the credit stands
 * for it (the codes of one school's group).
 */
function refuseTwoCodesOfOneEvent(
  codes: readonly string[],
  byCode: ReadonlyMap<string, { hourCreditId: number; eventId: number | null; eventTitle: string }>,
): void {
  const firstOfEvent = new Map<string, string>();
  for (const code of codes) {
    const row = byCode.get(code);
    if (!row) continue;
    const event = row.eventId === null ? `credit ${row.hourCreditId}` : `event ${row.eventId}`;
    const first = firstOfEvent.get(event);
    if (first !== undefined)
      throw badRequest(messages.ofCode(code, messages.sameEvent(first, row.eventTitle)));
    firstOfEvent.set(event, code);
  }
}
