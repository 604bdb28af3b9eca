import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificateMessages } from '../../shared/certificate-words';
import { certificateFileName, certificateYearsSchema, verificationSchema } from '../../shared/certificates';
import { proofCodeMessages, verifyPath } from '../../shared/proof-codes';
import { periodMessages, periodQuerySchema } from '../../shared/school-year';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { type PdfPool, pdfBusyText } from '../documents/pdf-pool';
import { failures } from '../http/api-contract';
import { asDownload, contentTypes, fileAnswer } from '../http/downloads';
import { siteOrigin } from '../http/site-origin';
import { certificateYears, issueCertificate, verifyCode } from './service';

const tags = ['proof-of-hours'];

/** Verifications per client address and minute: enough for a person, far too few to guess a code. */
export const defaultVerifyRateLimit = { max: 30, timeWindow: 60_000 };

export const certificateRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  publicUrl?: string;
  writeRateLimit: { max: number; timeWindow: number };
  verifyRateLimit: { max: number; timeWindow: number };
  pdfs: PdfPool;
}> = async (app, { db, calendar, publicUrl, writeRateLimit, verifyRateLimit, pdfs }) => {
  const school = { onRequest: requireRole('school') };

  app.get(
    '/api/school/certificate.pdf',
    {
      ...school,
      // Each download may issue a certificate and draws a PDF: limited like a write.
      config: { rateLimit: writeRateLimit },
      schema: {
        summary: "The caller school's certificate of volunteer hours for a period (PDF)",
        description: `Caller: a school (401, 403 otherwise), approved by the moderator (403
'${certificateMessages.notApprovedSchool}'). Query: \`from\`, \`to\` (yyyy-MM-dd, inclusive; a school year is
1 September – 31 August); 400 '${periodMessages.from}', '${periodMessages.to}', '${periodMessages.order}',
'${periodMessages.longerThanYear}'.

200: an A4 PDF «${certificateMessages.title}»: the school's name, the period, every event of the period whose
hours the school holds (date, title, foundation, activity type, pupils who came, hours), the totals, the day of
issue and a QR code leading to \`/verify/{code}\` with the code printed under it. No contact data, no names of
people. The certificate is kept with the facts as printed; downloading again while the records say the same
gives the same code. 409 '${certificateMessages.emptyPeriod}' (nothing is issued). ${pdfBusyText} (the
certificate is kept all the same: asking again gives it).`,
        tags,
        querystring: periodQuerySchema,
        response: {
          200: fileAnswer(contentTypes.pdf, 'The certificate, A4 PDF, as an attachment'),
          ...failures(409, 503),
        },
      },
    },
    async (request, reply) => {
      const period = request.query;
      const certificate = await issueCertificate(db, calendar, currentUser(request).id, period);
      const verifyUrl = `${siteOrigin(request, publicUrl)}${verifyPath(certificate.code)}`;
      const file = await pdfs.render('certificate', certificate, verifyUrl);
      return asDownload(reply, certificateFileName(period), contentTypes.pdf).send(file);
    },
  );

  app.get(
    '/api/school/certificate-years',
    {
      ...school,
      schema: {
        summary: 'The school years a school can get a certificate for',
        description: `Caller: a school (401, 403 otherwise). 200 \`{ current, years }\`: the school year today is in
and every one from the year of the school's first credited event to it, newest first, each named by its
first year (2025 for 2025/26).`,
        tags,
        response: { 200: certificateYearsSchema },
      },
    },
    async (request) => certificateYears(db, calendar, currentUser(request).id),
  );

  app.get(
    '/api/verify/:code',
    {
      config: { rateLimit: verifyRateLimit },
      schema: {
        summary: 'What a certificate or a pupil’s participation code proves',
        description: `Caller: anyone; ${verifyRateLimit.max} a minute per address. \`code\`: 16 characters, with or
without dashes, in any case; O is read as 0, I and L as 1. 400 '${proofCodeMessages.malformed}'; 404
'${proofCodeMessages.notFound}'.

200, by \`kind\`: \`certificate\`: the school, the period, the day of issue, the events and totals as printed,
and \`matchesRecords\`: whether the school's records of the period say the same now (\`changes\` says what
differs otherwise). \`participation\`: one pupil's code: its \`status\` (active, claimed, revoked) with when,
the event, its day, activity type, foundation and school, the pupil's hours, and whether the school has
since withdrawn the event from its archive. No contact data and no names of people, ever.`,
        tags,
        params: z.object({
          code: z.string({ error: proofCodeMessages.malformed }).max(64, proofCodeMessages.malformed),
        }),
        response: { 200: verificationSchema, ...failures(404) },
      },
    },
    async (request) => verifyCode(db, request.params.code),
  );
};
