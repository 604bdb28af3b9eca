import type { FastifyPluginAsync } from 'fastify';
import type { Calendar } from '../calendar';
import type { Db } from '../db/client';
import { sendDueReminders } from './service';

/** Once a minute: a reminder goes out within a minute of the hour, and an idle pass is one indexed query. */
export const reminderEveryMs = 60 * 1000;

/**
 * Sends the day-before reminders while the server runs: a pass every `everyMs` from the first one after
 * start. Every process runs its own passes; the pass itself makes sure each event is reminded of once
 * (service.ts). A pass never overlaps the previous one, closing the app waits for a running pass, and a
 * failed pass is logged and retried at the next turn.
 */
export const dayBeforeReminders: FastifyPluginAsync<{
  db: Db;
  calendar: Calendar;
  reminderHour: number;
  everyMs: number;
}> = async (app, { db, calendar, reminderHour, everyMs }) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      running = sendDueReminders(db, calendar, reminderHour)
        .then((reminded) => {
          if (reminded > 0) app.log.info({ reminded }, 'day-before reminders queued');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'day-before reminders failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, everyMs);
    // A pending pass never keeps a process alive that is otherwise done.
    timer.unref();
  };

  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
};
