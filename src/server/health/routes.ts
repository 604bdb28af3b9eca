import { getTableColumns, is, type SQL, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../shared/health';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { failures } from '../http/api-contract';

export const healthMessages = {
  unavailable: 'База данных недоступна',
  damaged: 'База данных повреждена: не все нужные таблицы читаются',
} as const;

/**
 * One statement that names every table of the schema with every column the app reads, and reads at
 * most one row of each: a table or column that is missing, renamed or whose file cannot be opened
 * fails it. EXISTS discards the column list when planning, so no row's wide values are read.
 */
function schemaProbe(): SQL {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const probes = tables.map((table) => {
    const columns = Object.values(getTableColumns(table)).map((column) => sql.identifier(column.name));
    return sql`exists(select ${sql.join(columns, sql`, `)} from ${table} limit 1)`;
  });
  return sql`select ${sql.join(probes, sql`, `)}`;
}

/**
 * SQLSTATE classes of a database that answers but lacks or cannot read part of the schema: 42 (an
 * undefined table or column), 58 (a missing file), XX (internal errors such as corrupt data). Anything
 * else, or no code at all, is a database that does not answer.
 */
const damagedClasses = ['42', '58', 'XX'];

function sqlState(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * GET /api/health for load balancers and monitoring: 200 while the database answers and every table the
 * app needs can be read, 503 otherwise, so a node that lost its database or part of it is taken out of
 * rotation.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const probe = schemaProbe();
  const contract = {
    summary: 'Whether this node and its database can serve, for load balancers and monitoring',
    description: `Caller: anyone. 200 \`{ status: 'ok', database: 'ok' }\` when one statement can read every table
and column of the schema (at most one row of each, a few milliseconds); 503 '${healthMessages.damaged}' when a
table or column is missing or its file cannot be read, and 503 '${healthMessages.unavailable}' when the
database does not answer, so a proxy can take the node out of rotation.`,
    tags: ['health'],
    response: { 200: healthSchema, ...failures(503) },
  };
  app.get('/api/health', { schema: contract }, async (request, reply) => {
    try {
      await db.execute(probe);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      const damaged = damagedClasses.includes(sqlState(error)?.slice(0, 2) ?? '');
      request.log.error(
        { err: error },
        `health check: ${damaged ? 'schema unreadable' : 'database query failed'}`,
      );
      return reply
        .status(503)
        .send({ message: damaged ? healthMessages.damaged : healthMessages.unavailable });
    }
  });
};
