/** The page and limit of a paged list's query, absent where the caller named none (shared/pagination.ts). */
interface PageQuery {
  page?: number | undefined;
  limit?: number | undefined;
}

/** The page a list's query asks for: the first, of the list's own size, where it names none. */
export const pageAsked = (query: PageQuery, pageSize: number) => ({
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
