import { z } from 'zod';

/** What the administrator's «Почта» tab shows: the outbox at a glance and every letter that failed. */
export const mailDeliveryStateSchema = z
  .object({
    /** Letters waiting for their first or next attempt. */
    queued: z.number().int(),
    sentLastDay: z.number().int(),
    /** Letters the worker gave up on after its last attempt, newest first (at most 100). */
    failed: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        toAddress: z.string(),
        subject: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        failedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'MailDeliveryState' });
export type MailDeliveryState = z.infer<typeof mailDeliveryStateSchema>;

export const mailDeliveryMessages = {
  letterId: 'Некорректный номер письма',
  notFailed: 'Письмо не найдено среди неотправленных',
  retried: 'Письмо снова в очереди на отправку',
} as const;
