import { type SQL, sql } from 'drizzle-orm';

/**
 * The tsquery for what a person typed into a search box, to match the search documents of migration 0007.
 *
 * Only the words are kept (letters, marks and digits; punctuation, quotes and tsquery operators are
 * dropped), so nothing typed is ever read as tsquery syntax. Every word must be found, in any form of it
 * (`russian` morphology, ё as е, as in the documents); the last one also as the beginning of a word,
 * since people search while they type: «Моск» finds Москва. Undefined when nothing typed is a word.
 */
export function typedTextQuery(typed: string): SQL | undefined {
  const words = typed.match(/[\p{L}\p{M}\p{N}]+/gu);
  const last = words?.at(-1);
  if (!words || last === undefined) return undefined;
  const before = words.slice(0, -1).join(' ');
  // `last` holds letters and digits alone, so the prefix operator added to it is the only syntax.
  return sql`(plainto_tsquery('russian', search_folded(${before}))
    && to_tsquery('russian', search_folded(${last}) || ':*'))`;
}
