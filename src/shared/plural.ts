/**
 * Russian plural forms of a counted noun, chosen by the language's own rules (Intl.PluralRules):
 * one (1, 21, 101), few (2–4, 22–24), many (0, 5–20, 25…), and other for fractions (1,5 часа).
 */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  /** Fractional counts: «1,5 часа». Defaults to `few`, which is the form Russian uses for them. */
  other?: string;
}

const russianPlurals = new Intl.PluralRules('ru-RU');
const russianNumbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** The word for `count`: pluralForm(2, { one: 'час', few: 'часа', many: 'часов' }) is «часа». */
export function pluralForm(count: number, forms: PluralForms): string {
  const category = russianPlurals.select(count);
  if (category === 'one' || category === 'few' || category === 'many') return forms[category];
  return forms.other ?? forms.few;
}

/** The count with its word: countOf(32, { one: 'час', few: 'часа', many: 'часов' }) is «32 часа». */
export function countOf(count: number, forms: PluralForms): string {
  return `${russianNumbers.format(count)} ${pluralForm(count, forms)}`;
}
