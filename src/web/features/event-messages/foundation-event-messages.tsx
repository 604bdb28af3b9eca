import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  type EventMessageInput,
  eventMessageInputSchema,
  eventMessageLength,
  eventMessageTexts as texts,
} from '../../../shared/event-messages';
import { errorText } from '../../api/client';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useFoundationEventMessages, useSendEventMessage } from './api/foundation-event-messages';
import { MessageHistory } from './message-history';

/**
 * On the foundation's event page: a message to every school with a pending or approved application, how
 * many schools that is now, and what was sent before. A completed event keeps its history only.
 */
export function FoundationEventMessages({ eventId, completed }: { eventId: number; completed: boolean }) {
  const { data, isPending, isError, refetch } = useFoundationEventMessages(eventId);
  const send = useSendEventMessage(eventId);
  const form = useForm<EventMessageInput>({
    resolver: zodResolver(eventMessageInputSchema),
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;

  const submit = form.handleSubmit(({ text }) =>
    send.mutate(text, {
      onSuccess: (answer) => {
        toast({ title: answer.message });
        form.reset({ text: '' });
      },
      onError: (failure) =>
        toast({
          title: texts.sendFailed,
          description: errorText(failure, texts.sendFailed),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <Card className="space-y-4">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <MessageSquare className="size-5" aria-hidden />
        {texts.formTitle}
      </h2>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <LoadError text={texts.loadFailed} onRetry={() => void refetch()} />
      ) : (
        <>
          {completed ? (
            <p className="text-sm text-muted-foreground">{texts.completed}</p>
          ) : (
            <form noValidate onSubmit={submit} className="space-y-3">
              <p className="text-sm text-muted-foreground">{texts.reach(data.recipients)}</p>
              <FormField label={texts.textLabel} error={error} hint={texts.textHint}>
                <Textarea rows={4} maxLength={eventMessageLength.max} {...form.register('text')} />
              </FormField>
              <Button
                type="submit"
                className="w-full sm:w-auto"
                disabled={send.isPending || data.recipients === 0}
              >
                <Send aria-hidden />
                {send.isPending ? texts.sending : texts.send}
              </Button>
            </form>
          )}
          <section className="space-y-3">
            <h3 className="font-semibold">{texts.historyTitle}</h3>
            <MessageHistory messages={data.messages} label={texts.historyTitle} />
          </section>
        </>
      )}
    </Card>
  );
}
