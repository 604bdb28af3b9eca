import { z } from 'zod';
import { maxDatabaseId, maxPageNumber } from './list-addresses';

export const maxPageSize = 100;

export const paginationMessages = {
  page: 'Номер страницы должен быть целым числом не меньше 1',
  limit: 'Размер страницы должен быть целым числом не меньше 1',
} as const;

/**
 * A whole number written in plain decimal digits, as a URL carries it; z.coerce would also read '0x10',
 * '1.0', ' 1', '1e1' and '+1', so one row could be reached under many spellings.
 */
const decimalDigits = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{1,10}$/, message)
    .transform(Number);

/** page from 1; limit from 1, silently capped at maxPageSize so nobody downloads a whole table. */
export const pageQuery = {
  page: decimalDigits(paginationMessages.page)
    .pipe(z.number().min(1, paginationMessages.page).max(maxPageNumber, paginationMessages.page))
    .optional(),
  limit: decimalDigits(paginationMessages.limit)
    .pipe(z.number().min(1, paginationMessages.limit))
    .optional()
    .transform((limit) => (limit === undefined ? undefined : Math.min(limit, maxPageSize))),
};

/** The query of a list that takes nothing but its page. */
export const pageOnlyQuerySchema = z.object(pageQuery);

/** Where a page sits among all pages of a list, for the lists that answer it in their body. */
export const paginationSchema = z
  .object({
    page: z.number().int(),
    limit: z.number().int(),
    totalCount: z.number().int().describe('Rows matching the filters'),
    totalPages: z.number().int(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  return { page, limit, totalCount, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

// A larger id would fail in the database, not here; list addresses read ids with the same bound.
export { maxDatabaseId };

/** A database id from a URL: plain decimal digits of a positive 32-bit integer, or a 400 with the given text. */
export const idParam = (message: string) =>
  decimalDigits(message).pipe(z.number().min(1, message).max(maxDatabaseId, message));
