import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import type { FoundationApplication, FoundationEventApplications } from '../../../shared/applications';
import { errorText } from '../../api/client';
import { AttendanceRow, AttendanceSummary, attendedOf } from '../../components/attendance-marks';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { useCorrectAttendance } from './api/correct-attendance';
import { attendanceCorrectionTexts as texts } from './attendance-correction-texts';

const schoolName = (application: FoundationApplication) =>
  application.school.fullName || application.school.username;

const marked = (application: FoundationApplication) =>
  application.attendedCount ?? application.participantCount;

/** The completed applications with how many came, as marked now; saved in one request. */
function CorrectionForm({
  eventId,
  completed,
  onDone,
}: {
  eventId: number;
  completed: FoundationApplication[];
  onDone: () => void;
}) {
  const correct = useCorrectAttendance();
  const [typed, setTyped] = useState<Record<number, string>>({});
  const typedFor = (application: FoundationApplication) =>
    typed[application.id] ?? String(marked(application));
  const attendance = completed.map((application) => ({
    applicationId: application.id,
    attended: attendedOf(typedFor(application), application.participantCount),
  }));
  const valid = attendance.every((entry) => entry.attended !== undefined);

  const submit = () => {
    if (!valid) return;
    correct.mutate(
      {
        eventId,
        attendance: attendance.map((entry) => ({
          applicationId: entry.applicationId,
          attended: entry.attended ?? 0,
        })),
      },
      {
        onSuccess: (answer) => {
          toast({ title: texts.done, description: answer.message });
          onDone();
        },
      },
    );
  };

  return (
    <>
      <ul className="grid gap-3">
        {completed.map((application) => (
          <AttendanceRow
            key={application.id}
            school={schoolName(application)}
            approved={application.participantCount}
            value={typedFor(application)}
            onChange={(value) => setTyped((current) => ({ ...current, [application.id]: value }))}
          />
        ))}
      </ul>
      <AttendanceSummary
        marked={attendance.reduce((sum, entry) => sum + (entry.attended ?? 0), 0)}
        approved={completed.reduce((sum, application) => sum + application.participantCount, 0)}
      />
      {correct.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(correct.error, texts.failed)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">{texts.cancel}</Button>
        </DialogClose>
        <Button disabled={!valid || correct.isPending} onClick={submit}>
          {correct.isPending ? texts.saving : texts.save}
        </Button>
      </div>
    </>
  );
}

/**
 * After completion, on the foundation's event page: until when who came may be corrected, and the dialog
 * that corrects it; once the days have passed, only that they have. The day is the server's, reckoned in
 * the app's time zone (`attendanceCorrectable`), not the browser's.
 */
export function AttendanceCorrection({ event }: { event: FoundationEventApplications }) {
  const [open, setOpen] = useState(false);
  const lastDay = event.attendanceCorrectableUntil;
  const completed = event.participants.filter((application) => application.status === 'completed');
  if (event.status !== 'completed' || !lastDay || completed.length === 0) return null;

  if (!event.attendanceCorrectable) {
    return <p className="text-sm text-muted-foreground">{texts.closed(lastDay)}</p>;
  }
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{texts.title}</h2>
      <p className="font-medium">{texts.until(lastDay)}</p>
      <p className="text-sm text-muted-foreground">{texts.consequences}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" className="w-full sm:w-auto">
            <ClipboardCheck aria-hidden />
            {texts.button}
          </Button>
        </DialogTrigger>
        <DialogContent title={texts.dialogTitle} description={texts.until(lastDay)}>
          {open ? (
            <CorrectionForm eventId={event.id} completed={completed} onDone={() => setOpen(false)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
