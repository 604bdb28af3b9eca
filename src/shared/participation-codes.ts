import { z } from 'zod';
import { participationCodeStatuses } from './participation-code-words';
import { countOf } from './plural';
import { formatProofCode, normaliseProofCode, proofCodeMessages } from './proof-codes';

/**
 * Pupils' participation codes (issue 25): one code per pupil who came to a completed event, printed on a
 * slip the school hands out. A pupil claims a code with their own name and gets a personal certificate;
 * the name goes into that PDF only and is stored nowhere.
 */

export {
  type ParticipationCodeStatus,
  participationCodeStatuses,
  participationCodeStatusLabels,
} from './participation-code-words';

/** At most this many codes go into one combined certificate. */
export const maxCodesPerClaim = 20;

export const nameLength = { min: 2, max: 100 } as const;

const hourForms = { one: 'час', few: 'часа', many: 'часов' };
/** «3 часа», the hours of a slip and of a certificate. */
export const hoursText = (hours: number) => countOf(hours, hourForms);

export const participationCodeMessages = {
  notCompleted: 'Коды учеников появятся, когда фонд завершит мероприятие и отметит, кто пришёл',
  noActiveCodes: 'Действующих кодов нет: все коды использованы или отозваны',
  nobodyCame: 'На мероприятие никто не пришёл: кодов нет',
  notInApplication: 'Такого кода нет в этой заявке',
  alreadyRevoked: 'Этот код уже заменён новым; заменить можно только неиспользованный код',
  /** A used code stands behind a certificate with a name on it: a new code would make a second one. */
  claimedNotReissued:
    'Код уже использован: по нему выдана справка. Заменить можно только неиспользованный код, иначе за те же часы появится вторая справка',
  claimed: (day: string) => `Код уже использован ${day}`,
  revoked: 'Код отозван школой. Попросите у школы новый код',
  revokedByAttendance:
    'Код отозван: фонд исправил посещаемость мероприятия, и по ней этот код больше не действует',
  /** A problem with one of several codes names the code. */
  ofCode: (code: string, message: string) => `${formatProofCode(code)}: ${message}`,
  codeRequired: 'Введите код',
  codeOrCodes: 'Укажите код или список кодов',
  tooManyCodes: `В одной справке не больше ${maxCodesPerClaim} кодов`,
  duplicate: (code: string) => `Код ${formatProofCode(code)} указан дважды`,
  /** One pupil, one code per event: a second code of the event is another pupil's. */
  sameEvent: (otherCode: string, eventTitle: string) =>
    `Этот код — за то же мероприятие «${eventTitle}», что и код ${formatProofCode(otherCode)}. У каждого ученика один код за мероприятие: оставьте в справке только свой`,
  nameRequired: 'Введите имя и фамилию',
  nameShort: `Имя должно быть не короче ${nameLength.min} символов`,
  nameLong: `Имя должно быть не длиннее ${nameLength.max} символов`,
  nameCharacters: 'Имя может содержать только буквы, пробелы, дефисы, апострофы и точки',
  nameLetters: 'Имя должно содержать буквы',
  reissued: (code: string) => `Код заменён. Новый код: ${formatProofCode(code)}`,
} as const;

/** A code as a person types it: any case, dashes or spaces anywhere; stored form after parsing. */
export const proofCodeField = z
  .string({ error: participationCodeMessages.codeRequired })
  .max(64, proofCodeMessages.malformed)
  .transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: participationCodeMessages.codeRequired });
      return z.NEVER;
    }
    const code = normaliseProofCode(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: proofCodeMessages.malformed });
      return z.NEVER;
    }
    return code;
  });

/** Letters of any script with their combining marks, spaces, hyphens, apostrophes and dots. */
const nameCharacter = String.raw`(?![\u115f\u1160\u3164\uffa0])[\p{L}\p{M} .'’-]`;
const namePattern = new RegExp(`^(?:${nameCharacter})+$`, 'u');
/** Hangul fillers are letters drawn as blanks: a name of them only would print as nothing. */
const nameLetter = /(?![\u115f\u1160\u3164\uffa0])\p{L}/u;

/** The pupil's name as it goes into the certificate: trimmed, otherwise exactly as typed. */
export const pupilNameField = z
  .string({ error: participationCodeMessages.nameRequired })
  .trim()
  .min(1, participationCodeMessages.nameRequired)
  .min(nameLength.min, participationCodeMessages.nameShort)
  .max(nameLength.max, participationCodeMessages.nameLong)
  .regex(namePattern, participationCodeMessages.nameCharacters)
  .regex(nameLetter, participationCodeMessages.nameLetters);

/** POST /api/claim: one code or several, and the pupil's name. */
export const claimInputSchema = z
  .object({
    code: proofCodeField.optional(),
    codes: z
      .array(proofCodeField, { error: participationCodeMessages.codeOrCodes })
      .min(1, participationCodeMessages.codeRequired)
      .max(maxCodesPerClaim, participationCodeMessages.tooManyCodes)
      .optional(),
    name: pupilNameField,
  })
  .superRefine((input, ctx) => {
    if ((input.code === undefined) === (input.codes === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: participationCodeMessages.codeOrCodes });
      return;
    }
    const seen = new Set<string>();
    for (const [index, code] of (input.codes ?? []).entries()) {
      if (seen.has(code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['codes', index],
          message: participationCodeMessages.duplicate(code),
        });
      }
      seen.add(code);
    }
  });
export type ClaimInput = z.input<typeof claimInputSchema>;

/** One code of an application as the school sees it; codes are shown formatted, ABCD-EFGH-JKMN-PQRS. */
export const participationCodeSchema = z
  .object({
    code: z.string(),
    status: z.enum(participationCodeStatuses),
    hours: z.number().int(),
    claimedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** The code issued in place of this one when it was revoked. */
    replacedBy: z.string().nullable(),
    /** The lost code this one was issued in place of. */
    replaces: z.string().nullable(),
  })
  .meta({ id: 'ParticipationCode' });
export type ParticipationCode = z.infer<typeof participationCodeSchema>;

export const reissuedCodeSchema = z
  .object({ message: z.string(), code: participationCodeSchema })
  .meta({ id: 'ReissuedCode' });
export type ReissuedCode = z.infer<typeof reissuedCodeSchema>;

export const claimTexts = {
  title: 'Справка о волонтёрских часах',
  fileName: 'Справка о волонтёрских часах.pdf',
  slipsFileName: (eventTitle: string) => `Коды учеников — ${eventTitle}.pdf`,
} as const;
