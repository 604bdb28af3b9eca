import { z } from 'zod';

/**
 * A number from a form: a JSON number, or its text as an input field gives it ("5"). Unlike z.coerce,
 * which reads `true` as 1, `[5]` as 5 and "" as 0, anything else is refused with the schema's message.
 */
export const formNumber = <Schema extends z.ZodNumber>(schema: Schema) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);
