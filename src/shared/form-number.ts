import { z } from 'zod';

/**
 * Text that is a number in plain decimal notation ('5', '-1', '1.5'). Number() alone would also read
 * '0x3', '1e1', '+3', ' 3', 'Infinity' and '0b11', none of which a person means as a count.
 */
const decimalText = /^-?\d{1,15}(\.\d{1,15})?$/;

/** The number a form's text stands for, or undefined when it is not plain decimal digits. */
export function decimalNumber(text: string): number | undefined {
  return decimalText.test(text) ? Number(text) : undefined;
}

/**
 * A number from a form: a JSON number, or its text as an input field gives it ("5"). Unlike z.coerce,
 * which reads `true` as 1, `[5]` as 5 and "" as 0, anything else is refused with the schema's message.
 */
export const formNumber = <Schema extends z.ZodNumber>(schema: Schema) =>
  z.preprocess((value) => (typeof value === 'string' ? (decimalNumber(value) ?? value) : value), schema);
