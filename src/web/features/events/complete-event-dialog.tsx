import { CheckCircle2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useId, useState } from 'react';
import type { FoundationApplication } from '../../../shared/applications';
import type { EventSummary } from '../../../shared/events';
import { errorText } from '../../api/client';
import { AttendanceRow, AttendanceSummary, attendedOf } from '../../components/attendance-marks';
import { Button, buttonVariants } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useChangeEventStatus } from './api/change-event-status';
import { useCompletionRoster } from './api/completion-roster';
import { completionTexts as texts } from './manage-texts';

const schoolName = (application: FoundationApplication) =>
  application.school.fullName || application.school.username;

/** The dialog's body once it is open: the approved applications, each with who came, and the total. */
function CompletionForm({ event, onDone }: { event: EventSummary; onDone: () => void }) {
  const roster = useCompletionRoster(event.id, true);
  const changeStatus = useChangeEventStatus();
  const [typed, setTyped] = useState<Record<number, string>>({});

  if (roster.isPending) return <Spinner label={texts.loading} />;
  if (roster.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorText(roster.error, texts.loadFailed)}
      </p>
    );
  }

  const approved = roster.data.participants.filter((application) => application.status === 'approved');
  const typedFor = (application: FoundationApplication) =>
    typed[application.id] ?? String(application.participantCount);
  const attendance = approved.map((application) => ({
    applicationId: application.id,
    attended: attendedOf(typedFor(application), application.participantCount),
  }));
  const complete = attendance.every((entry) => entry.attended !== undefined);
  const totalHours = attendance.reduce((sum, entry) => sum + (entry.attended ?? 0), 0) * roster.data.hours;

  const submit = () => {
    if (!complete) return;
    changeStatus.mutate(
      {
        id: event.id,
        status: 'completed',
        attendance: attendance.map((entry) => ({
          applicationId: entry.applicationId,
          attended: entry.attended ?? 0,
        })),
      },
      {
        onSuccess: () => {
          toast({ title: texts.done, description: texts.doneFor(event.title) });
          onDone();
        },
        onError: (error) =>
          toast({
            title: texts.failed,
            description: errorText(error, texts.failedFallback),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      {approved.length === 0 ? (
        <p className="text-sm">{texts.noApproved}</p>
      ) : (
        <ul className="grid gap-3">
          {approved.map((application) => (
            <AttendanceRow
              key={application.id}
              school={schoolName(application)}
              approved={application.participantCount}
              value={typedFor(application)}
              onChange={(value) => setTyped((current) => ({ ...current, [application.id]: value }))}
            />
          ))}
        </ul>
      )}
      {approved.length === 0 ? null : (
        <AttendanceSummary
          marked={attendance.reduce((sum, entry) => sum + (entry.attended ?? 0), 0)}
          approved={approved.reduce((sum, application) => sum + application.participantCount, 0)}
        />
      )}
      {approved.length === 0 ? null : (
        <p className="text-sm" aria-live="polite">
          <span className="font-semibold">{texts.total(totalHours)}</span>
          <span className="block text-muted-foreground">{texts.perPupil(roster.data.hours)}</span>
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>
          {texts.cancel}
        </AlertDialog.Cancel>
        <Button disabled={!complete || changeStatus.isPending} onClick={submit}>
          {texts.confirm}
        </Button>
      </div>
    </>
  );
}

/**
 * «Завершить» on the foundation's event list: from the event's day on, a dialog that asks how many pupils
 * of each approved application came and credits hours to them only; before it, a disabled button that
 * says when it can be done. The day is the app's (`dayHasCome`, reckoned by the server in APP_TIMEZONE),
 * not the browser's: around midnight, or in another time zone, the two differ.
 */
export function CompleteEventDialog({ event }: { event: EventSummary }) {
  const [open, setOpen] = useState(false);
  const noteId = useId();

  if (!event.dayHasCome) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" disabled aria-describedby={noteId}>
          <CheckCircle2 aria-hidden />
          {texts.button}
        </Button>
        <span id={noteId} className="text-sm text-muted-foreground">
          {texts.notYet}
        </span>
      </span>
    );
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <CheckCircle2 aria-hidden />
          {texts.button}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl wrap-anywhere border border-border bg-card p-4 shadow-xl sm:p-6">
          <AlertDialog.Title className="text-lg font-semibold">{texts.title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {texts.description}
          </AlertDialog.Description>
          {open ? <CompletionForm event={event} onDone={() => setOpen(false)} /> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
