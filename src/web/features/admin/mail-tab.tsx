import { EmptyNote } from '../../components/empty-note';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { toastFailure } from '../../lib/failure-toast';
import { useMailDelivery, useRetryMail } from './api/mail-delivery';
import { mailTabTexts as t } from './mail-texts';

/** The outbox at a glance and every letter the worker gave up on, each with «Отправить снова». */
export function AdminMailTab() {
  const { data, isPending, isError, refetch } = useMailDelivery();
  const retry = useRetryMail();
  if (isPending) return <Spinner />;
  if (isError) return <LoadError text={t.loadFailed} onRetry={() => void refetch()} />;
  return (
    <Card className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">{t.heading}</h2>
        <p>{t.queued(data.queued)}</p>
        <p className="text-muted-foreground">{t.sentLastDay(data.sentLastDay)}</p>
      </div>
      <section className="space-y-3" aria-labelledby="failed-mail">
        <h3 id="failed-mail" className="text-lg font-semibold">
          {t.failedHeading}
        </h3>
        {data.failed.length === 0 ? (
          <EmptyNote>{t.noneFailed}</EmptyNote>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t.failedHint}</p>
            <ul className="space-y-3">
              {data.failed.map((letter) => (
                <li key={letter.id} className="space-y-2 rounded-xl border border-border p-4">
                  <p className="font-medium break-words">{letter.subject}</p>
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                    <dt className="text-muted-foreground">{t.to}</dt>
                    <dd className="break-all">{letter.toAddress}</dd>
                    <dt className="text-muted-foreground">{t.kind}</dt>
                    <dd>{t.kindLabel(letter.kind)}</dd>
                    <dt className="text-muted-foreground">{t.failedAt}</dt>
                    <dd>
                      {formatMomentDateTime(letter.failedAt)} · {t.attempts(letter.attempts)}
                    </dd>
                    {letter.lastError ? (
                      <>
                        <dt className="text-muted-foreground">{t.lastError}</dt>
                        <dd className="break-words">{letter.lastError}</dd>
                      </>
                    ) : null}
                  </dl>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(letter.id, {
                        onSuccess: () => toast({ title: t.retried }),
                        onError: (error) => toastFailure(error, t.retryFailed, t.retryFailed),
                      })
                    }
                  >
                    {t.retry}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </Card>
  );
}
