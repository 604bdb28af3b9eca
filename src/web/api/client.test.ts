import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, errorText } from './client';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/json-error') {
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Заявка уже подана' }));
    } else if (request.url === '/empty-error') {
      response.writeHead(503);
      response.end();
    } else {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ method: request.method, type: request.headers['content-type'] ?? null, body }),
        );
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends JSON and parses the answer', async () => {
    const answer = await apiRequest<{ method: string; type: string; body: string }>('POST', `${base}/echo`, {
      a: 1,
    });
    expect(answer).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
  });

  it("turns a failed answer into 'status: body'", async () => {
    const error = await apiRequest('GET', `${base}/json-error`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Заявка уже подана"}');
    expect(errorText(error, 'Запасной текст')).toBe('Заявка уже подана');
  });

  it('uses the status text when the body is empty', async () => {
    const error = await apiRequest('GET', `${base}/empty-error`).catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorText(error, 'Запасной текст')).toBe('Запасной текст');
  });
});
