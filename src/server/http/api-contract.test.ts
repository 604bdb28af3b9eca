import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // A route that answers a status it does not declare, as a route written carelessly would.
  ctx.app.get(
    '/api/contract-probe',
    { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
    // The cast is the careless part: a declared route cannot send 404 without it.
    async (_request, reply) => (reply as FastifyReply).status(404).send({ message: 'Не найдено' }),
  );
});
afterAll(() => ctx.close());

const apiRoutes = () =>
  ctx.app.registeredRoutes.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/docs') &&
      route.url !== '/api/openapi.json' &&
      route.url !== '/api/contract-probe' &&
      route.method !== 'HEAD',
  );

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; tags?: string[] }>>;
}

describe('the API contract', () => {
  it('every route declares the answer it gives when it succeeds', () => {
    expect(apiRoutes().length).toBeGreaterThan(60);
    const withoutSuccess = apiRoutes()
      .filter((route) => !route.answers.some((status) => /^[23]/.test(status)))
      .map((route) => `${route.method} ${route.url}`);
    expect(withoutSuccess).toEqual([]);
  });

  it('every route declares 500, and 400 when it reads input', () => {
    for (const route of apiRoutes()) expect(route.answers, `${route.method} ${route.url}`).toContain('500');
    const register = apiRoutes().find((route) => route.method === 'POST' && route.url === '/api/register');
    expect(register?.answers).toEqual(expect.arrayContaining(['201', '400', '409', '413', '415', '429']));
  });

  it('an answer whose status the route does not declare is refused in tests, naming the route', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/contract-probe' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      message: 'Ответ 404 не объявлен в схеме маршрута GET /api/contract-probe',
    });
  });

  it('GET /api/openapi.json is an OpenAPI 3.1 document of every route and its answers', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json<OpenApiDocument>();
    expect(document.openapi).toBe('3.1.0');
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) missing.push(`${route.method} ${route.url}`);
      else expect(Object.keys(operation.responses).sort()).toEqual([...route.answers].sort());
    }
    expect(missing).toEqual([]);
    expect(document.paths['/api/docs']).toBeUndefined();
  });

  it('names the shared answers once each, with no unused twins and no machine bounds on integers', async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const document = JSON.parse(text) as OpenApiDocument & {
      components: { schemas: Record<string, unknown> };
    };
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(expect.arrayContaining(['EventSummary', 'EventDetail', 'SessionUser', 'Failure']));
    expect(names.filter((name) => name.endsWith('Input') && names.includes(name.slice(0, -5)))).toEqual([]);
    for (const name of names) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
  });

  it('every operation belongs to one described group of the reference', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<
      OpenApiDocument & { tags: { name: string; description: string }[] }
    >();
    const groups = new Set(document.tags.map((tag) => tag.name));
    const ungrouped = Object.entries(document.paths)
      .filter(([path]) => path !== '/api/contract-probe')
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, { tags = [] }]) => tags.length !== 1 || !tags.every((tag) => groups.has(tag)))
          .map(([method]) => `${method} ${path}`),
      );
    expect(ungrouped).toEqual([]);
  });

  it("/api/docs is a readable reference of that document, under the site's own script policy", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const file = await ctx.app.inject({ method: 'GET', url: script });
      expect(file.statusCode, script).toBe(200);
    }
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.body).toContain('./json');
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json<OpenApiDocument>().openapi).toBe('3.1.0');
  });
});
