/**
 * The words every PDF shares: the page's number at its foot and the block where a head signs, writes out
 * their name and sets the organisation's stamp. Each paper's own words stay with its feature.
 */
export const documentTexts = {
  pageNumber: (page: number, pages: number) => `стр. ${page} из ${pages}`,
  /** A blank to sign on, and one to write the name out on: «Директор ______ / ______ /». */
  blank: '______________',
  signatureHint: 'подпись',
  nameHint: 'расшифровка подписи',
  /** Место печати: where the stamp goes. */
  stamp: 'М.П.',
  director: 'Директор',
} as const;
