import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import { removeUnusedImages } from './service';

export const imageCleanupEveryMs = 60 * 60 * 1000;
/** The first pass waits a little after start, so that it never competes with start-up. */
const firstPassAfterMs = 60 * 1000;

/**
 * Removes unused pictures periodically while the server runs: from a minute after it is ready, then
 * every `everyMs`. A pass never overlaps the previous one, and closing the app waits for a running pass,
 * so the database is never closed under it. A failed pass is logged and retried at the next turn.
 */
export const imageCleanup: FastifyPluginAsync<{ db: Db; everyMs: number }> = async (app, { db, everyMs }) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const schedule = (delay: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = removeUnusedImages(db)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'unused images removed');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'removing unused images failed'))
        .finally(() => {
          running = undefined;
          schedule(everyMs);
        });
    }, delay);
    // A pending pass never keeps a process alive that is otherwise done.
    timer.unref();
  };

  app.addHook('onReady', async () => schedule(Math.min(everyMs, firstPassAfterMs)));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
};
