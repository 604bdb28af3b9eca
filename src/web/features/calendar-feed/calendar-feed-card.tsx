import type { QueryClient } from '@tanstack/react-query';
import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { useId, useRef } from 'react';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { calendarFeedQuery, useCalendarFeed } from './api/calendar-feed';
import { useRenewCalendarFeed } from './api/renew-calendar-feed';
import { calendarFeedTexts as texts } from './texts';

/**
 * «Календарь» on the dashboard: how to subscribe a calendar app to the account's private feed, its
 * address to copy, and making or replacing that address (after a confirmation: the old one stops working).
 */
export function CalendarFeedCard({ owner }: { owner: 'school' | 'foundation' }) {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const headingId = useId();
  const urlId = useId();
  const urlField = useRef<HTMLInputElement>(null);
  const url = feed.data?.url ?? null;

  const makeLink = () =>
    renew.mutate(undefined, {
      onSuccess: () => toast({ title: url ? texts.replaced : texts.created }),
      onError: (error) =>
        toast({ title: texts.error, description: errorText(error, texts.failed), variant: 'destructive' }),
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: texts.copied });
    } catch {
      // No clipboard (a page not served over HTTPS, a refused permission): the address is selected instead.
      urlField.current?.select();
      toast({ title: texts.copyFailed });
    }
  };

  return (
    <Card className="space-y-4" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <CalendarSync className="size-5" aria-hidden />
        {texts.title}
      </h2>
      <p className="text-sm">{owner === 'school' ? texts.whatSchool : texts.whatFoundation}</p>
      <div className="space-y-1">
        <h3 className="text-sm font-semibold">{texts.howTo}</h3>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          {texts.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>
      {feed.isPending ? (
        <Spinner />
      ) : feed.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {texts.loadFailed}
        </p>
      ) : url ? (
        <div className="space-y-3">
          <div className="space-y-1">
            <label htmlFor={urlId} className="text-sm font-medium">
              {texts.urlLabel}
            </label>
            <Input
              id={urlId}
              ref={urlField}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs sm:text-xs"
            />
          </div>
          <p className="text-xs text-muted-foreground">{texts.privateLink}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void copy()}>
              <Copy aria-hidden />
              {texts.copy}
            </Button>
            <ConfirmDialog
              title={texts.replaceTitle}
              description={texts.replaceDescription}
              confirmText={texts.replaceConfirm}
              destructive
              trigger={
                <Button variant="outline" disabled={renew.isPending}>
                  <RefreshCw aria-hidden />
                  {texts.replace}
                </Button>
              }
              onConfirm={makeLink}
            />
          </div>
        </div>
      ) : (
        <Button onClick={makeLink} disabled={renew.isPending}>
          <CalendarSync aria-hidden />
          {texts.create}
        </Button>
      )}
    </Card>
  );
}

export const loadCalendarFeedCard = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(calendarFeedQuery);
