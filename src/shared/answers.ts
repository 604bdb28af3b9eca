import { z } from 'zod';

/**
 * What every failed call answers, whatever its status: one Russian sentence a person can read
 * (public-area.md section 7). The web shows `message` as it is.
 */
export const failureSchema = z
  .object({ message: z.string().describe('Что пошло не так, по-русски, для человека') })
  .meta({ id: 'Failure' });
export type Failure = z.infer<typeof failureSchema>;

/** A call that changes something and answers only with a sentence to show, like 'Мероприятие удалено'. */
export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageAnswer = z.infer<typeof messageSchema>;
