import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNull, lte, min, sql } from 'drizzle-orm';
import { z } from 'zod';
import { certificateMessages } from '../../shared/certificate-words';
import {
  type CertificateEvent,
  type CertificateFacts,
  type CertificateVerification,
  type CertificateYears,
  certificateFactsSchema,
  type ParticipationVerification,
  periodLabel,
  type Verification,
} from '../../shared/certificates';
import { formatProofCode, normaliseProofCode, proofCodeMessages } from '../../shared/proof-codes';
import type { Period } from '../../shared/school-year';
import { schoolYearStart } from '../../shared/school-year';
import { schoolOfUser } from '../accounts/organisation';
import type { Calendar } from '../calendar';
import type { Db, DbOrTx } from '../db/client';
import { certificates, hourCredits, participationCodes, schools } from '../db/schema';
import { newProofCode } from '../documents/proof-code';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { appendJournal, journalActorOf } from '../journal/service';

/**
 * A school's certificate of volunteer hours (issue 25): the facts of a period read from the ledger, a
 * certificate row that keeps them as printed, and the public verification of a certificate's or a
 * pupil's code.
 */

/**
 * The facts of the school's hours in the period, from the ledger as it is now: every credit the school
 * has not withdrawn whose event day is in the period, by day (and by credit, for two on one day).
 */
export async function factsOf(db: DbOrTx, schoolId: number, period: Period): Promise<CertificateFacts> {
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));
  const rows = await db
    .select({
      date: hourCredits.eventDate,
      title: hourCredits.eventTitle,
      foundationName: hourCredits.foundationName,
      activityType: hourCredits.activityType,
      pupils: hourCredits.participantCount,
      hours: hourCredits.hours,
    })
    .from(hourCredits)
    .where(
      and(
        eq(hourCredits.schoolId, schoolId),
        isNull(hourCredits.withdrawnAt),
        // A credit corrected to nobody (events/attendance.ts) is no event the school took part in.
        gt(hourCredits.participantCount, 0),
        gte(hourCredits.eventDate, period.from),
        lte(hourCredits.eventDate, period.to),
      ),
    )
    .orderBy(asc(hourCredits.eventDate), asc(hourCredits.id));
  const events: CertificateEvent[] = rows;
  return {
    schoolName: school?.name ?? '',
    period: { from: period.from, to: period.to },
    events,
    totals: {
      events: events.length,
      pupils: events.reduce((sum, event) => sum + event.pupils, 0),
      hours: events.reduce((sum, event) => sum + event.hours, 0),
    },
  };
}

/** JSON with every object's keys sorted, so the same facts always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 of the canonical facts: equal digests, equal facts, whatever order jsonb kept the keys in. */
export function factsDigest(facts: CertificateFacts): string {
  return createHash('sha256').update(canonicalJson(facts)).digest('hex');
}

/**
 * The facts as kept in `certificates.facts`: as printed, with the day of issue in the app's calendar
 * beside them. The day is not a fact of the records, so it is left out of the digest.
 */
const storedFactsSchema = certificateFactsSchema.extend({ issuedOn: z.string() });
type StoredFacts = z.infer<typeof storedFactsSchema>;

export interface IssuedCertificate {
  code: string;
  facts: CertificateFacts;
  /** The day of issue in the app's calendar, as printed. */
  issuedOn: string;
}

/**
 * The caller school's certificate for the period: the one it already has when the records still say the
 * same (downloading again prints the same code), else a new one. The school row is locked meanwhile, so
 * two downloads at once make one certificate, not two.
 */
export async function issueCertificate(
  db: Db,
  calendar: Calendar,
  userId: number,
  period: Period,
): Promise<IssuedCertificate> {
  const school = await schoolOfUser(db, userId);
  if (school.moderationStatus !== 'approved') throw forbidden(certificateMessages.notApprovedSchool);
  return db.transaction(async (tx) => {
    await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, school.id)).for('update');
    const facts = await factsOf(tx, school.id, period);
    if (facts.events.length === 0) throw conflict(certificateMessages.emptyPeriod);
    const digest = factsDigest(facts);
    const [kept] = await tx
      .select({ code: certificates.code, facts: certificates.facts })
      .from(certificates)
      .where(
        and(
          eq(certificates.schoolId, school.id),
          eq(certificates.periodFrom, period.from),
          eq(certificates.periodTo, period.to),
          eq(certificates.factsDigest, digest),
        ),
      )
      .orderBy(desc(certificates.issuedAt))
      .limit(1);
    if (kept) return { code: kept.code, facts, issuedOn: storedFactsSchema.parse(kept.facts).issuedOn };
    const code = newProofCode();
    const issuedOn = calendar.today();
    await tx.insert(certificates).values({
      code,
      schoolId: school.id,
      periodFrom: period.from,
      periodTo: period.to,
      facts: { ...facts, issuedOn } satisfies StoredFacts,
      factsDigest: digest,
      issuedBy: userId,
    });
    // Only a new certificate is news: downloading the same one again issues nothing. The school's own
    // journal alone: a certificate is of the school's hours, not of one foundation's event.
    await appendJournal(tx, [
      {
        kind: 'certificate.issued',
        actor: await journalActorOf(tx, userId),
        schoolId: school.id,
        after: { code: formatProofCode(code), from: period.from, to: period.to, ...facts.totals },
      },
    ]);
    return { code, facts, issuedOn };
  });
}

/** The school years a school can pick: from the year of its first credit (or this one) to this one. */
export async function certificateYears(
  db: Db,
  calendar: Calendar,
  userId: number,
): Promise<CertificateYears> {
  const school = await schoolOfUser(db, userId);
  const [row] = await db
    .select({ first: min(hourCredits.eventDate) })
    .from(hourCredits)
    .where(
      and(
        eq(hourCredits.schoolId, school.id),
        isNull(hourCredits.withdrawnAt),
        gt(hourCredits.participantCount, 0),
      ),
    );
  const current = schoolYearStart(calendar.today());
  const first = row?.first ? Math.min(schoolYearStart(row.first), current) : current;
  const years: number[] = [];
  for (let year = current; year >= first; year--) years.push(year);
  return { current, years };
}

/** What differs between the facts printed and the facts now, in words; empty when nothing does. */
function changesBetween(printed: CertificateFacts, now: CertificateFacts): string[] {
  const changes: string[] = [];
  if (printed.schoolName !== now.schoolName) changes.push(certificateMessages.schoolRenamed(now.schoolName));
  if (printed.totals.events !== now.totals.events) {
    changes.push(certificateMessages.eventsNow(printed.totals.events, now.totals.events));
  }
  if (printed.totals.pupils !== now.totals.pupils) {
    changes.push(certificateMessages.pupilsNow(printed.totals.pupils, now.totals.pupils));
  }
  if (printed.totals.hours !== now.totals.hours) {
    changes.push(certificateMessages.hoursNow(printed.totals.hours, now.totals.hours));
  }
  if (canonicalJson(printed.events) !== canonicalJson(now.events) && changes.length === 0) {
    changes.push(certificateMessages.eventsEdited);
  }
  return changes;
}

/**
 * What a code proves, for anyone who holds it: a school's certificate with the facts printed on it and
 * whether the records still say so, or a pupil's participation code with its event and state. Nothing
 * about people: no names, no contacts.
 */
export async function verifyCode(db: Db, input: string): Promise<Verification> {
  const code = normaliseProofCode(input);
  if (!code) throw badRequest(proofCodeMessages.malformed);
  const certificate = await certificateOf(db, code);
  if (certificate) return certificate;
  const participation = await participationOf(db, code);
  if (participation) return participation;
  throw notFound(proofCodeMessages.notFound);
}

async function certificateOf(db: Db, code: string): Promise<CertificateVerification | undefined> {
  const [row] = await db
    .select({
      schoolId: certificates.schoolId,
      facts: certificates.facts,
      digest: certificates.factsDigest,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .where(eq(certificates.code, code));
  if (!row) return undefined;
  const { issuedOn, ...printed } = storedFactsSchema.parse(row.facts);
  const now = await factsOf(db, row.schoolId, printed.period);
  const matchesRecords = factsDigest(now) === row.digest;
  return {
    kind: 'certificate',
    code: formatProofCode(code),
    schoolName: printed.schoolName,
    period: printed.period,
    periodLabel: periodLabel(printed.period),
    issuedAt: row.issuedAt.toISOString(),
    issuedOn,
    events: printed.events,
    totals: printed.totals,
    matchesRecords,
    changes: matchesRecords ? [] : changesBetween(printed, now),
  };
}

async function participationOf(db: Db, code: string): Promise<ParticipationVerification | undefined> {
  const [row] = await db
    .select({
      claimedAt: participationCodes.claimedAt,
      revokedAt: participationCodes.revokedAt,
      revokedReason: participationCodes.revokedReason,
      hours: participationCodes.hours,
      eventTitle: hourCredits.eventTitle,
      eventDate: hourCredits.eventDate,
      activityType: hourCredits.activityType,
      foundationName: hourCredits.foundationName,
      withdrawn: sql<boolean>`${hourCredits.withdrawnAt} is not null`,
      schoolName: schools.name,
    })
    .from(participationCodes)
    .innerJoin(hourCredits, eq(hourCredits.id, participationCodes.hourCreditId))
    .innerJoin(schools, eq(schools.id, participationCodes.schoolId))
    .where(eq(participationCodes.code, code));
  if (!row) return undefined;
  return {
    kind: 'participation',
    code: formatProofCode(code),
    status: row.revokedAt ? 'revoked' : row.claimedAt ? 'claimed' : 'active',
    claimedAt: row.claimedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedAt
      ? row.revokedReason === 'attendance_corrected'
        ? 'attendanceCorrected'
        : 'replaced'
      : null,
    eventTitle: row.eventTitle,
    eventDate: row.eventDate,
    activityType: row.activityType,
    hours: row.hours,
    foundationName: row.foundationName,
    schoolName: row.schoolName ?? '',
    withdrawn: row.withdrawn,
  };
}
