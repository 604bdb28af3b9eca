import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import { type DeliverySetting, deliverDueMail, removeOldSentMail } from './delivery';
import { mailSigningKey } from './signing-key';
import type { MailTransport } from './transport';

export const defaultMailPollMs = 5_000;
const purgeEveryMs = 3600_000;

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  /** The site's address for the letters' links (PUBLIC_URL, else where the server listens). */
  origin: () => string;
  /** How often the outbox is looked at; a letter goes out at most this long after its change. */
  pollMs: number;
  /**
   * Words the letters queued by what happened (DeliverySetting.word). Required: without it those letters
   * (a school's application, a cancellation) are dropped unsent.
   */
  word: NonNullable<DeliverySetting['word']>;
}

/**
 * Sends the outbox while the server runs: a pass every `pollMs`, never two at once, and closing the app
 * waits for a running pass. A failed pass (the database away for a moment) is logged and the next turn
 * tries again; a failed letter is the delivery's business (retries, then the administrator's list).
 */
export const mailWorker: FastifyPluginAsync<MailWorkerOptions> = async (app, options) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  let lastPurge = 0;

  const pass = async () => {
    const signingKey = await mailSigningKey(options.db);
    const sent = await deliverDueMail(options.db, {
      transport: options.transport,
      origin: options.origin(),
      signingKey,
      word: options.word,
    });
    if (sent > 0) app.log.info({ sent }, 'mail sent');
    if (Date.now() - lastPurge > purgeEveryMs) {
      lastPurge = Date.now();
      await removeOldSentMail(options.db);
    }
  };

  const schedule = (delay: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => app.log.warn({ err: error }, 'mail delivery pass failed'))
        .finally(() => {
          running = undefined;
          schedule(options.pollMs);
        });
    }, delay);
    timer.unref();
  };

  app.addHook('onReady', async () => schedule(options.pollMs));
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
    options.transport.close();
  });
};
