import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationMessages } from '../../shared/applications';
import { idParam } from '../../shared/pagination';
import {
  claimInputSchema,
  claimTexts,
  maxCodesPerClaim,
  participationCodeMessages as messages,
  participationCodeSchema,
  proofCodeField,
  reissuedCodeSchema,
} from '../../shared/participation-codes';
import { proofCodeMessages } from '../../shared/proof-codes';
import { currentUser, requireRole } from '../auth/guards';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { type PdfPool, pdfBusyText } from '../documents/pdf-pool';
import { failures } from '../http/api-contract';
import { writeChanges } from '../http/cache-rules';
import { asDownload, contentTypes, fileAnswer } from '../http/downloads';
import { siteOrigin } from '../http/site-origin';
import { applicationSlips, claimCodes, listApplicationCodes, reissueCode } from './service';

const tags = ['applications'];
const applicationParams = z.object({ id: idParam(applicationMessages.applicationId) });

const owner = `Caller: the school that applied (401, 403 for other roles); another school's application, or none, is
404 '${applicationMessages.notFound}'. The application must be completed (409 '${messages.notCompleted}').`;

const codesExplained = `When the foundation completes an event, each application yields one participation code per pupil who
came, with that pupil's hours; an event completed before codes existed gets its codes on the first request
here, once, under a lock on its credit of hours. A code is 16 characters of Crockford base32 (80 random bits),
shown as ABCD-EFGH-JKMN-PQRS.`;

export const participationCodeRoutes: FastifyPluginAsyncZod<{
  db: Db;
  calendar: Calendar;
  writeRateLimit: { max: number; timeWindow: number };
  claimRateLimit: { max: number; timeWindow: number };
  publicUrl: string | undefined;
  pdfs: PdfPool;
}> = async (app, { db, calendar, writeRateLimit, claimRateLimit, publicUrl, pdfs }) => {
  const school = { onRequest: requireRole('school') };

  app.get(
    '/api/applications/:id/codes',
    {
      ...school,
      schema: {
        summary: "The pupils' participation codes of a completed application",
        description: `${owner}

${codesExplained}

200: every code of the application, oldest first: \`{ code, status: 'active' | 'claimed' | 'revoked', hours,
claimedAt, revokedAt, replacedBy, replaces }\`; a revoked code names the code issued in its place, and that
one the code it replaces. An empty list when nobody came.`,
        tags,
        params: applicationParams,
        response: { 200: z.array(participationCodeSchema), ...failures(404, 409) },
      },
    },
    async (request) => listApplicationCodes(db, currentUser(request).id, request.params.id),
  );

  app.get(
    '/api/applications/:id/codes.pdf',
    {
      ...school,
      schema: {
        summary: 'A printable A4 sheet of cut-out slips, one per active code',
        description: `${owner}

200: a PDF, eight slips to an A4 page with dashed cut lines; each has the event, its day, the pupil's hours,
the foundation, the code in large type and a QR code of \`/claim/{code}\` with how to use it. Claimed and
revoked codes get no slip. 409 '${messages.nobodyCame}', '${messages.noActiveCodes}'; ${pdfBusyText}.`,
        tags,
        params: applicationParams,
        response: {
          200: fileAnswer(contentTypes.pdf, 'The sheet of slips (application/pdf)'),
          ...failures(404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const { file, eventTitle } = await applicationSlips(
        db,
        pdfs,
        currentUser(request).id,
        request.params.id,
        siteOrigin(request, publicUrl),
      );
      return asDownload(reply, claimTexts.slipsFileName(eventTitle), contentTypes.pdf).send(file);
    },
  );

  app.post(
    '/api/applications/:id/codes/:code/reissue',
    {
      ...school,
      config: {
        rateLimit: writeRateLimit,
        leavesAccounts: true as const,
        publicChanges: writeChanges.nothingPublic,
      },
      schema: {
        summary: 'Revokes a lost code and issues a new one in its place',
        description: `${owner} Rate limit: 60 per minute.

The code (in any case, with or without dashes) is revoked, and a new code with the same hours takes its
place: 200 \`{ message, code }\` with the new code as GET /api/applications/{id}/codes shows it. Only an unused
(active) code may be replaced: a used one stands behind a certificate, and a new code would give a second
certificate for the same hours (409 '${messages.claimedNotReissued}'); a revoked one was replaced already
(409 '${messages.alreadyRevoked}'). 400 '${proofCodeMessages.malformed}'; 404 '${messages.notInApplication}'.`,
        tags,
        params: applicationParams.extend({ code: proofCodeField }),
        response: { 200: reissuedCodeSchema, ...failures(404, 409) },
      },
    },
    async (request) => {
      const code = await reissueCode(
        db,
        calendar,
        currentUser(request).id,
        request.params.id,
        request.params.code,
      );
      return { message: messages.reissued(code.code), code };
    },
  );

  app.post(
    '/api/claim',
    {
      config: { rateLimit: claimRateLimit, leavesAccounts: true as const, publicChanges: writeChanges.hours },
      schema: {
        summary: 'A pupil claims participation codes and gets a personal certificate of hours',
        description: `Caller: anyone. Rate limit: ${claimRateLimit.max} per minute per address.

Body \`{ code, name }\` or \`{ codes: [...], name }\` (1 to ${maxCodesPerClaim} different codes of different events,
combined into one certificate: a pupil has one code per event, so two codes of one event are refused, 400
'XXXX-XXXX-XXXX-XXXX: ${messages.sameEvent('YYYY-YYYY-YYYY-YYYY', '…')}', naming the second code of the event and the first, once each code has passed the checks of its own below). A code may be typed in any case, with dashes or spaces. The name (${'2–100'} letters, spaces, hyphens,
apostrophes, dots) goes into the PDF only: it is never stored nor logged.

200: the PDF «${claimTexts.title}»: the name, each event (title, day, foundation, school, activity type,
hours), the total, the day of issue, and per code a QR code of its public page \`/verify/{code}\`. All the
codes are claimed together or none: 400 '${proofCodeMessages.malformed}' and the rules of the name; 404
'${proofCodeMessages.notFound}'; 409 'Код уже использован 12 марта 2026 г.' (the day it was claimed, in the
app's time zone), '${messages.revoked}'. With several codes the message starts with the code it is about.
${pdfBusyText}: then no code is claimed.`,
        tags,
        body: claimInputSchema,
        response: {
          200: fileAnswer(contentTypes.pdf, 'The personal certificate (application/pdf)'),
          ...failures(404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const { code, codes, name } = request.body;
      const file = await claimCodes(
        db,
        pdfs,
        calendar,
        codes ?? (code ? [code] : []),
        name,
        siteOrigin(request, publicUrl),
      );
      return asDownload(reply, claimTexts.fileName, contentTypes.pdf).send(file);
    },
  );
};
