import { CircleCheck, CircleX } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { notificationSettingsMessages } from '../../../shared/notification-settings';
import { errorText } from '../../api/client';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useUnsubscribe } from './api/unsubscribe';
import { notificationSettingsTexts } from './texts';

const texts = notificationSettingsTexts.unsubscribe;

/** Where a letter's footer link leads: the dashboard's profile tab holds every kind's switch. */
const settingsPath = '/dashboard?tab=profile';

/**
 * /unsubscribe/{token}, the page of a letter's unsubscribe link: it turns the kind off as it opens, says
 * which, and offers to turn it back on. Only the page's script unsubscribes, never the link's GET, so a
 * mail scanner that follows every link changes nothing.
 */
export function UnsubscribePage() {
  const token = useParams().token ?? '';
  usePageHead({ title: texts.title, noindex: true });
  const unsubscribe = useUnsubscribe(false);
  const resubscribe = useUnsubscribe(true);
  const { mutate } = unsubscribe;

  // Repeating it (a reload, React's second effect in development) changes nothing on the server.
  useEffect(() => mutate(token), [mutate, token]);

  let body: ReactNode;
  if (unsubscribe.isError) {
    body = (
      <Outcome
        tone="bad"
        text={errorText(unsubscribe.error, notificationSettingsMessages.invalidUnsubscribeLink)}
      />
    );
  } else if (!unsubscribe.isSuccess) {
    body = <Spinner label={texts.working} />;
  } else if (resubscribe.isSuccess) {
    body = <Outcome tone="good" text={texts.resubscribed(resubscribe.data.label)} />;
  } else {
    body = (
      <>
        <Outcome tone="good" text={texts.done(unsubscribe.data.label)} />
        <p className="text-sm text-muted-foreground">{texts.doneHint}</p>
        <Button
          className="w-full sm:w-auto"
          variant="outline"
          disabled={resubscribe.isPending}
          onClick={() => resubscribe.mutate(token)}
        >
          {resubscribe.isPending ? texts.resubscribing : texts.resubscribe}
        </Button>
        {resubscribe.isError ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {errorText(resubscribe.error, texts.resubscribeFailed)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{texts.title}</h1>
      <Card padding="responsive" className="space-y-4">
        {body}
        <p>
          <Link to={settingsPath} className="text-primary underline dark:text-green-400">
            {texts.settings}
          </Link>
        </p>
      </Card>
    </div>
  );
}

function Outcome({ tone, text }: { tone: 'good' | 'bad'; text: string }) {
  const Icon = tone === 'good' ? CircleCheck : CircleX;
  return (
    <div role="status" className="flex items-start gap-3">
      <Icon
        aria-hidden
        className={
          tone === 'good' ? 'mt-0.5 size-5 shrink-0 text-green-700' : 'mt-0.5 size-5 shrink-0 text-red-700'
        }
      />
      <p className="font-semibold">{text}</p>
    </div>
  );
}
