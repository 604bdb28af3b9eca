import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentUser } from '../auth/guards';

/** The page and limit of a paged list's query, absent where the caller named none (shared/pagination.ts). */
export interface PageQuery {
  page?: number | undefined;
  limit?: number | undefined;
}

/** The page and limit a list reads. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The page a list's query asks for: the first, of the list's own size, where it names none. */
export const pageAsked = (query: PageQuery, pageSize: number): PageRequest => ({
  page: query.page ?? 1,
  limit: query.limit ?? pageSize,
});

/** One page of a list to answer, with how many items the whole list holds in the X-Total-Count header. */
export function withTotalCount<T>(
  reply: { header(name: string, value: string): unknown },
  items: T,
  totalCount: number,
): T {
  reply.header('X-Total-Count', String(totalCount));
  return items;
}

/**
 * The handler of a list of the caller's own rows, read a page at a time (a page of the list's own size
 * where the query names none): the rows under `key` of what `read` finds are the answer, their number in
 * X-Total-Count.
 */
export const ownPage =
  <Key extends string, Row>(
    pageSize: number,
    key: Key,
    read: (userId: number, page: PageRequest) => Promise<Record<Key, Row[]> & { totalCount: number }>,
  ) =>
  async (request: FastifyRequest<{ Querystring: PageQuery }>, reply: FastifyReply) => {
    const found = await read(currentUser(request).id, pageAsked(request.query, pageSize));
    return withTotalCount(reply, found[key], found.totalCount);
  };
