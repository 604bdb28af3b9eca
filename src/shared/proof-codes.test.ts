import { describe, expect, it } from 'vitest';
import { participationCodeMessages } from './participation-codes';
import { claimPath, formatProofCode, verifyPath } from './proof-codes';

describe('the one way a code is printed', () => {
  it.each([
    ['the stored form', 'ABJG2PSV2TVXPVHG'],
    ['a code already printed in groups', 'ABJG-2PSV-2TVX-PVHG'],
    ['a code typed in lower case', 'abjg2psv2tvxpvhg'],
    ['a code typed with spaces and odd dashes', ' abjg 2psv–2tvx—pvhg '],
  ])('groups %s by four: ABJG-2PSV-2TVX-PVHG', (_label, code) => {
    expect(formatProofCode(code)).toBe('ABJG-2PSV-2TVX-PVHG');
  });

  it('prints the same code once however often it is formatted', () => {
    expect(formatProofCode(formatProofCode('ABJG2PSV2TVXPVHG'))).toBe('ABJG-2PSV-2TVX-PVHG');
  });

  it('puts the printed code into the reissue message and the pages a QR leads to', () => {
    expect(participationCodeMessages.reissued('ABJG-2PSV-2TVX-PVHG')).toBe(
      'Код заменён. Новый код: ABJG-2PSV-2TVX-PVHG',
    );
    expect(verifyPath('abjg-2psv-2tvx-pvhg')).toBe('/verify/ABJG-2PSV-2TVX-PVHG');
    expect(claimPath('ABJG-2PSV-2TVX-PVHG')).toBe('/claim/ABJG-2PSV-2TVX-PVHG');
  });
});
