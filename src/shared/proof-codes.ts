/**
 * Verification codes of certificates and pupils' participation codes (issue 25): one alphabet, one
 * shape, so that a person can read a code off paper and type it back.
 *
 * Crockford's base32 leaves out I, L, O and U, so the letters a person may confuse with digits are
 * read as those digits when typed. 16 characters carry 80 random bits: no one guesses a code, and
 * claiming and verifying are rate limited besides. Stored without dashes, shown in groups of four.
 */

export const proofCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const proofCodeLength = 16;

/** The code as stored: uppercase, no separators, the confusable letters read as digits; null if malformed. */
export function normaliseProofCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (code.length !== proofCodeLength) return null;
  for (const character of code) if (!proofCodeAlphabet.includes(character)) return null;
  return code;
}

/**
 * «ABCD-EFGH-JKMN-PQRS»: how a code is printed and shown, on screens, in messages and on paper. It takes a
 * code in any form a person or another message may hold, so formatting a formatted code changes nothing
 * (grouping the dashes along with the letters printed «ABJG--2PS-V-2T-VX-P-VHG», issue 51). Anything that is
 * no code is given back as it came.
 */
export function formatProofCode(code: string): string {
  const stored = normaliseProofCode(code);
  return stored ? (stored.match(/.{4}/g)?.join('-') ?? stored) : code;
}

/** The public page a code's QR leads to. */
export function verifyPath(code: string): string {
  return `/verify/${formatProofCode(code)}`;
}

/** The page where a pupil claims a participation code. */
export function claimPath(code: string): string {
  return `/claim/${formatProofCode(code)}`;
}

export const proofCodeMessages = {
  malformed: 'Код должен состоять из 16 латинских букв и цифр, например ABCD-EFGH-JKMN-PQRS',
  notFound: 'Такого кода нет. Проверьте, что он введён без ошибок',
} as const;
