import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The public address of an uploaded picture, in one place: GET /api/images/{id} serves it (routes.ts).
 * Every answer that shows a picture builds its address here, in TypeScript or in SQL.
 */
const prefix = '/api/images/';

export function imageAddress(id: number): string {
  return `${prefix}${id}`;
}

/** The address of the picture a column names, computed by the database; null where the column is. */
export function imageAddressOf<Column extends AnyPgColumn>(
  column: Column,
): SQL<Column['_']['notNull'] extends true ? string : string | null> {
  return sql`case when ${column} is null then null else ${sql.raw(`'${prefix}'`)} || ${column}::text end`;
}

/** The picture's id when an address is one of ours (`/api/images/7`), else undefined. */
export function imageIdOfAddress(address: string | null | undefined): number | undefined {
  return address?.startsWith(prefix) ? Number(address.slice(prefix.length)) : undefined;
}
