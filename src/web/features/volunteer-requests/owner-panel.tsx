import { clsx } from 'clsx';
import { useState } from 'react';
import type { VolunteerRequestStatus } from '../../../shared/catalog';
import {
  type SchoolResponseItem,
  schoolResponseStatusLabels,
  type VolunteerRequestDetail,
} from '../../../shared/volunteer-requests';
import { errorText } from '../../api/client';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { initialsOf, isUsableImage, placeholderTone } from '../../lib/placeholder';
import { useChangeRequestStatus } from './api/change-request-status';
import { useProcessResponse } from './api/process-response';
import { requestTexts as t } from './texts';

type Decision = 'accepted' | 'rejected';

function DecideDialog({
  item,
  decision,
  onClose,
}: {
  item: SchoolResponseItem;
  decision: Decision;
  onClose: () => void;
}) {
  const process = useProcessResponse();
  const [note, setNote] = useState('');
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t.decideTitle[decision]}
        description={item.profile.fullName || item.school.username}
      >
        <FormField label={t.noteLabel}>
          <Textarea value={note} onChange={(event) => setNote(event.target.value)} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">{t.cancel}</Button>
          </DialogClose>
          <Button
            variant={decision === 'rejected' ? 'destructive' : 'primary'}
            disabled={process.isPending}
            onClick={() =>
              process.mutate(
                { id: item.response.id, status: decision, processingNote: note },
                {
                  onSuccess: () => {
                    toast({ title: t.processed, description: t.processedText });
                    onClose();
                  },
                  onError: (error) =>
                    toast({
                      title: 'Ошибка',
                      description: errorText(error, t.processFailed),
                      variant: 'destructive',
                    }),
                },
              )
            }
          >
            {decision === 'accepted' ? t.accept : t.reject}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SchoolAvatar({ item }: { item: SchoolResponseItem }) {
  const name = item.profile.fullName || item.school.username;
  if (isUsableImage(item.profile.avatar)) {
    return <img src={item.profile.avatar} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden
      className={clsx(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        placeholderTone(name),
      )}
    >
      {initialsOf(name)}
    </span>
  );
}

function ResponseCard({
  item,
  onDecide,
}: {
  item: SchoolResponseItem;
  onDecide: (decision: Decision) => void;
}) {
  const { response } = item;
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex items-start gap-3">
        <SchoolAvatar item={item} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold">{item.profile.fullName || item.school.username}</p>
            <span className="rounded-full bg-muted px-2.5 py-1 text-xs font-medium">
              {schoolResponseStatusLabels[response.status]}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">{t.offered(response.volunteersOffered)}</p>
          <ContactList
            className="mt-1"
            contacts={[
              { kind: 'person', value: response.contactPerson },
              { kind: 'phone', value: response.contactPhone },
              { kind: 'email', value: response.contactEmail },
            ]}
          />
          {response.message ? <p className="mt-1 text-sm whitespace-pre-line">{response.message}</p> : null}
          {response.processingNote ? (
            <p className="mt-1 text-sm">
              {t.foundationNote}: {response.processingNote}
            </p>
          ) : null}
        </div>
      </div>
      {response.status === 'pending' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onDecide('accepted')}>
            {t.accept}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide('rejected')}>
            {t.reject}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

const statusActions: { status: VolunteerRequestStatus; label: string }[] = [
  { status: 'closed', label: t.close },
  { status: 'fulfilled', label: t.fulfil },
  { status: 'open', label: t.reopen },
];

/** What the owning foundation sees under its request: the status switch and every response. */
export function OwnerPanel({ detail }: { detail: VolunteerRequestDetail }) {
  const changeStatus = useChangeRequestStatus(detail.request.id);
  const [deciding, setDeciding] = useState<{ item: SchoolResponseItem; decision: Decision } | null>(null);
  return (
    <div className="space-y-6">
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">{t.manageTitle}</h2>
        <div className="flex flex-wrap gap-2">
          {statusActions
            .filter((action) => action.status !== detail.request.status)
            .map((action) => (
              <Button
                key={action.status}
                variant="outline"
                disabled={changeStatus.isPending}
                onClick={() =>
                  changeStatus.mutate(action.status, {
                    onSuccess: () => toast({ title: t.statusChanged }),
                    onError: (error) =>
                      toast({
                        title: 'Ошибка',
                        description: errorText(error, t.statusFailed),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                {action.label}
              </Button>
            ))}
        </div>
      </Card>
      <section className="space-y-3">
        <h2 className="text-xl font-semibold">
          {t.responsesTitle} ({detail.responses.length})
        </h2>
        {detail.responses.length === 0 ? (
          <EmptyNote>{t.noResponses}</EmptyNote>
        ) : (
          <ul className="space-y-3">
            {detail.responses.map((item) => (
              <ResponseCard
                key={item.response.id}
                item={item}
                onDecide={(decision) => setDeciding({ item, decision })}
              />
            ))}
          </ul>
        )}
      </section>
      {deciding ? (
        <DecideDialog item={deciding.item} decision={deciding.decision} onClose={() => setDeciding(null)} />
      ) : null}
    </div>
  );
}
