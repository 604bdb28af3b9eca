import { describe, expect, it } from 'vitest';

describe('zod under the content security policy', () => {
  it('builds object schemas without probing new Function', async () => {
    await import('./zod-csp');
    const { config } = await import('zod/v4/core');
    const { z } = await import('zod');
    const probe = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(probe, {
      construct(target, args) {
        probed = true;
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(config().jitless).toBe(true);
      expect(z.object({ name: z.string() }).parse({ name: 'Фонд' })).toEqual({ name: 'Фонд' });
      expect(probed).toBe(false);
      // Rules written without a message of their own answer in Russian, as on the server.
      expect(z.number().safeParse('пять').error?.issues[0]?.message).toBe('Некорректное значение');
    } finally {
      globalThis.Function = probe;
    }
  });
});
