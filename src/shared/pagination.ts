import { z } from 'zod';

export const maxPageSize = 100;

export const paginationMessages = {
  page: 'Номер страницы должен быть целым числом не меньше 1',
  limit: 'Размер страницы должен быть целым числом не меньше 1',
} as const;

/** page from 1; limit from 1, silently capped at maxPageSize so nobody downloads a whole table. */
export const pageQuery = {
  page: z.coerce
    .number({ error: paginationMessages.page })
    .int(paginationMessages.page)
    .min(1, paginationMessages.page)
    .max(1_000_000, paginationMessages.page)
    .optional(),
  limit: z.coerce
    .number({ error: paginationMessages.limit })
    .int(paginationMessages.limit)
    .min(1, paginationMessages.limit)
    .optional()
    .transform((limit) => (limit === undefined ? undefined : Math.min(limit, maxPageSize))),
};

export interface Pagination {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
}

export function paginationOf(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  return { page, limit, totalCount, totalPages, hasPrev: page > 1, hasNext: page < totalPages };
}

/** The largest id a table holds: ids are PostgreSQL `integer` columns; a larger one fails there, not here. */
export const maxDatabaseId = 2_147_483_647;

/** A database id from a URL: a positive 32-bit integer, or a 400 with the given text. */
export const idParam = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(maxDatabaseId, message);
