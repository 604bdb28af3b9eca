import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonErrors } from '../../shared/errors';
import { createTestApp, type TestContext } from '../test/test-app';

const page = '<!doctype html><html lang="ru"><head><title>Школьное волонтёрство</title></head></html>';
const script = 'console.log("приложение");';

describe('files of the built web app', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    // What scripts/build.mjs leaves: each text file with its .br beside it.
    webRoot = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), page);
    writeFileSync(path.join(webRoot, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script));
    ctx = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/index.html.br', '/assets/app-1a2b.js.br'])(
    'does not serve the compressed copy %s by its own name',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: commonErrors.notFound });
    },
  );

  it('still sends the compressed copy for the file itself to a browser that accepts it', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
  });
});
