/**
 * How a sentence names an organisation: «Фонд «Зелёный город» пишет…». Organisations type their names
 * as they are registered, often with the kind already in them («Фонд «Добро рядом»», «ГБОУ Школа
 * № 1234») or in quotes of their own; such a name is written as it is, and only a bare name gets the
 * kind and quotes around it, so that no sentence reads «Фонд «Фонд «…»»».
 */

const kinds = {
  foundation: {
    word: 'Фонд',
    // A word of the name that says it is a foundation or another non-profit already.
    named: /^(фонд(а|у|ом|е|ы|ов)?|бф|ано|нко|оо|роо|моо|благотворительн\p{L}*|некоммерческ\p{L}*)$/iu,
  },
  school: {
    word: 'Школа',
    named:
      /^(школ\p{L}*|лице\p{L}*|гимнази\p{L}*|сош|оош|гбоу|гбу|мбоу|маоу|моу|гоу|чоу|ноу|оу|кадетск\p{L}*|колледж\p{L}*|центр\p{L}*|комплекс\p{L}*)$/iu,
  },
} as const;

export type OrganisationKind = keyof typeof kinds;

/** A name quoted as a whole, «Зелёный город» or "Зелёный город", and the name inside. */
const wholeQuoted = /^["«„“]([^"«»„“”]+)["»“”]$/;
const quote = /["«»„“”]/;

/** The organisation as a sentence's subject: `Фонд «Name»`, the name as written, or the kind alone. */
export function organisationInSentence(kind: OrganisationKind, name: string | null): string {
  const { word, named } = kinds[kind];
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return word;
  const inner = wholeQuoted.exec(trimmed)?.[1];
  if (inner) return `${word} «${inner.trim()}»`;
  const saysKind = trimmed.split(/[^\p{L}]+/u).some((part) => named.test(part));
  if (saysKind || quote.test(trimmed)) return trimmed;
  return `${word} «${trimmed}»`;
}
