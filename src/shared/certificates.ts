import { z } from 'zod';
import { activityTypes } from './catalog';
import { certificateMessages } from './certificate-words';
import { formatDateRu } from './dates';
import { type Period, schoolYearLabel, schoolYearPeriod, schoolYearStart } from './school-year';

/**
 * A school's certificate of volunteer hours and the public verification of any proof code (issue 25):
 * the facts a certificate prints, the answer of GET /api/verify/{code}, and their Russian words.
 */

/** «2025/26 учебный год» for a whole school year, else «с 1 сентября 2025 г. по 31 мая 2026 г.». */
export function periodLabel(period: Period): string {
  const start = schoolYearStart(period.from);
  const year = schoolYearPeriod(start);
  if (year.from === period.from && year.to === period.to) return schoolYearLabel(start);
  return `с ${formatDateRu(period.from)} по ${formatDateRu(period.to)}`;
}

/** «Справка о волонтёрской деятельности 2025-26.pdf», or with the period's days. */
export function certificateFileName(period: Period): string {
  const start = schoolYearStart(period.from);
  const year = schoolYearPeriod(start);
  const span =
    year.from === period.from && year.to === period.to
      ? `${start}-${String((start + 1) % 100).padStart(2, '0')}`
      : `${period.from} — ${period.to}`;
  return `${certificateMessages.title} ${span}.pdf`;
}

const day = z.string().describe('yyyy-MM-dd');

export const certificateEventSchema = z
  .object({
    date: day,
    title: z.string(),
    foundationName: z.string().nullable(),
    activityType: z.enum(activityTypes).nullable(),
    pupils: z.number().int().describe('Pupils who came'),
    hours: z.number().int().describe('Hours credited for the event: pupils who came × its hours'),
  })
  .meta({ id: 'CertificateEvent' });
export type CertificateEvent = z.infer<typeof certificateEventSchema>;

export const certificateTotalsSchema = z
  .object({
    events: z.number().int(),
    pupils: z.number().int().describe('Pupil participations: the sum of pupils who came'),
    hours: z.number().int(),
  })
  .meta({ id: 'CertificateTotals' });
export type CertificateTotals = z.infer<typeof certificateTotalsSchema>;

/** What a certificate states, as printed; its digest is compared with the records' at verification. */
export const certificateFactsSchema = z
  .object({
    schoolName: z.string(),
    period: z.object({ from: day, to: day }),
    events: z.array(certificateEventSchema),
    totals: certificateTotalsSchema,
  })
  .meta({ id: 'CertificateFacts' });
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

export const participationStatuses = ['active', 'claimed', 'revoked'] as const;
export const revocationReasons = ['replaced', 'attendanceCorrected'] as const;
export type ParticipationStatus = (typeof participationStatuses)[number];

const moment = z.string().describe('ISO 8601');

export const certificateVerificationSchema = z
  .object({
    kind: z.literal('certificate'),
    code: z.string().describe('As printed: ABCD-EFGH-JKMN-PQRS'),
    schoolName: z.string(),
    period: z.object({ from: day, to: day }),
    periodLabel: z.string().describe('«2025/26 учебный год» or «с … по …»'),
    issuedAt: moment,
    issuedOn: day.describe('The date of issue printed on the certificate, in the app’s time zone'),
    events: z.array(certificateEventSchema),
    totals: certificateTotalsSchema,
    matchesRecords: z
      .boolean()
      .describe('Whether the records of the period still say what the certificate says'),
    changes: z.array(z.string()).describe('What differs now, in Russian; empty when it matches'),
  })
  .meta({ id: 'CertificateVerification' });

export const participationVerificationSchema = z
  .object({
    kind: z.literal('participation'),
    code: z.string(),
    status: z.enum(participationStatuses),
    claimedAt: moment.nullable(),
    revokedAt: moment.nullable(),
    revokedReason: z
      .enum(revocationReasons)
      .nullable()
      .describe(
        'Why a revoked code was revoked: replaced by the school, or taken back when the foundation corrected the attendance',
      ),
    eventTitle: z.string(),
    eventDate: day,
    activityType: z.enum(activityTypes).nullable(),
    hours: z.number().int().describe("One pupil's hours"),
    foundationName: z.string().nullable(),
    schoolName: z.string(),
    withdrawn: z
      .boolean()
      .describe('The school removed the event from its archive after the code was issued'),
  })
  .meta({ id: 'ParticipationVerification' });

export const verificationSchema = z
  .discriminatedUnion('kind', [certificateVerificationSchema, participationVerificationSchema])
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;
export type ParticipationVerification = z.infer<typeof participationVerificationSchema>;

/** The school years a school may pick on its dashboard: from its first credited event to this one. */
export const certificateYearsSchema = z
  .object({
    current: z.number().int().describe('The school year today is in, by its first year (2025 for 2025/26)'),
    years: z.array(z.number().int()).describe('Newest first, the current one included'),
  })
  .meta({ id: 'CertificateYears' });
export type CertificateYears = z.infer<typeof certificateYearsSchema>;
