import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { FoundationApplication } from '../../../shared/applications';
import { formatDateRu } from '../../../shared/dates';
import { exportTitles } from '../../../shared/export-words';
import { printoutTexts } from '../../../shared/printouts';
import { errorText } from '../../api/client';
import { exportAddresses } from '../../api/export-addresses';
import { BackLink } from '../../components/back-link';
import { ContactList } from '../../components/contact-list';
import { ExportButtons } from '../../components/export-buttons';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { formatMomentDay } from '../../lib/app-time-zone';
import { useDecideApplication } from './api/decide-application';
import { useFoundationEventApplications } from './api/foundation-event-applications';
import { downloadParticipantList } from './api/printouts';
import { applicationContacts } from './application-contacts';
import { ApplicationNoteLines } from './application-note-lines';
import { ApproveApplicationButton } from './approve-application';
import { AttendanceCorrection } from './attendance-correction';
import { DownloadPdfButton } from './download-pdf-button';
import { WaitlistCount, WaitlistSection } from './event-waitlist';
import { applicationPageTitles, applicationTexts, attendanceTexts } from './texts';

/** A school's contacts for this event, one labelled line each (issue 22, item 16). */
function ApplicationContacts({ application }: { application: FoundationApplication }) {
  return (
    <ContactList
      className="mt-2"
      columns={2}
      contacts={[
        ...applicationContacts(application),
        {
          kind: 'person',
          label: applicationTexts.schoolContactPerson,
          value: application.school.contactPerson,
        },
      ]}
    />
  );
}

/** Both reject the application and free its places: a pending one is declined, a participant excluded. */
const rejections = {
  decline: {
    question: 'Отклонить заявку?',
    consequence: 'Школа получит уведомление, места освободятся.',
    action: 'Отклонить',
    variant: 'outline',
  },
  exclude: {
    question: 'Исключить участника?',
    consequence: 'Заявка будет отклонена, места освободятся.',
    action: 'Исключить',
    variant: 'ghost',
  },
} as const;

function RejectButton({
  kind,
  disabled,
  onConfirm,
}: {
  kind: keyof typeof rejections;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { question, consequence, action, variant } = rejections[kind];
  return (
    <ConfirmDialog
      title={question}
      description={consequence}
      confirmText={action}
      destructive
      trigger={
        <Button size="sm" variant={variant} disabled={disabled}>
          {action}
        </Button>
      }
      onConfirm={onConfirm}
    />
  );
}

/**
 * /foundation/event/{eventId}: the event with its pending applications and confirmed participants.
 * `messages` is what another feature adds under the event (src/web/pages), given the loaded event.
 */
export function FoundationEventPage({
  messages,
}: {
  messages?: (event: { id: number; status: string }) => ReactNode;
}) {
  usePageHead({ title: applicationPageTitles.foundationEvent });
  const params = useParams();
  const eventId = params.eventId && /^\d{1,9}$/.test(params.eventId) ? Number(params.eventId) : undefined;
  const { data, isPending, isError } = useFoundationEventApplications(eventId);
  const decide = useDecideApplication();
  const back = <BackLink to="/dashboard">Назад в личный кабинет</BackLink>;

  if (eventId !== undefined && isPending) return <Spinner className="min-h-screen" />;
  if (eventId === undefined || isError || !data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {back}
        <Card className="mt-4 space-y-2 text-center">
          <h1 className="text-xl font-bold">Мероприятие не найдено</h1>
          <p className="text-muted-foreground">
            Возможно, мероприятие было удалено или у вас нет доступа к нему.
          </p>
        </Card>
      </div>
    );
  }

  const reject = (application: FoundationApplication) =>
    decide.mutate(
      { id: application.id, action: 'reject' },
      {
        onSuccess: () => toast({ title: 'Заявка отклонена' }),
        onError: (error) =>
          toast({
            title: 'Ошибка',
            description: errorText(error, 'Не удалось отклонить заявку'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      {back}
      <Card className="space-y-3">
        <h1 className="text-2xl font-bold">{data.title}</h1>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Дата и время</dt>
            <dd>
              {formatDateRu(data.date)}, {data.startTime}–{data.endTime}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Место</dt>
            <dd>{data.location}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Подтверждено / всего мест</dt>
            <dd>
              {data.confirmedCount} / {data.totalSlots ?? 'без ограничений'}
            </dd>
          </div>
        </dl>
        <WaitlistCount waitlist={data.waitlist} />
        <ContactList
          columns={2}
          contacts={[
            { kind: 'person', value: data.contactPersonName },
            { kind: 'phone', value: data.contactPersonPhone },
            { kind: 'email', value: data.contactPersonEmail },
          ]}
        />
        <div className="flex flex-wrap gap-2">
          {/* A completed event is final: the form would only answer that it cannot be changed. */}
          {data.status === 'completed' ? null : (
            <Button asChild variant="outline" size="sm">
              <Link to={`/dashboard/edit-event/${data.id}`}>
                <Pencil aria-hidden />
                Редактировать
              </Link>
            </Button>
          )}
          <DownloadPdfButton
            label={printoutTexts.participantList.button}
            failed={printoutTexts.participantList.failed}
            download={() => downloadParticipantList(data.id)}
          />
        </div>
      </Card>

      <AttendanceCorrection event={data} />

      {messages?.(data)}

      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Заявки на рассмотрении</h2>
        {data.pending.length === 0 ? (
          <p className="text-muted-foreground">Пока нет заявок</p>
        ) : (
          <ul className="space-y-3">
            {data.pending.map((application) => (
              <li key={application.id} className="rounded-xl border border-border bg-card p-4">
                <p className="font-medium">{application.school.fullName || application.school.username}</p>
                <p className="text-sm text-muted-foreground">Участников: {application.participantCount}</p>
                <ApplicationNoteLines application={application} />
                <ApplicationContacts application={application} />
                {application.applicationNote ? (
                  <p className="mt-1 text-sm">{application.applicationNote}</p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <ApproveApplicationButton application={application} />
                  <RejectButton
                    kind="decline"
                    disabled={decide.isPending}
                    onConfirm={() => reject(application)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <WaitlistSection waitlist={data.waitlist} />

      <section className="space-y-3">
        <h2 className="text-xl font-semibold">Подтверждённые участники</h2>
        {data.participants.length > 0 ? (
          <ExportButtons
            label={exportTitles.participants}
            fileTitle={`${exportTitles.participants} ${data.title}`}
            addressOf={(format) => exportAddresses.participants(format, data.id)}
          />
        ) : null}
        {data.participants.length === 0 ? (
          <p className="text-muted-foreground">Пока нет заявок</p>
        ) : (
          <ul className="space-y-3">
            {data.participants.map((application) => (
              <li key={application.id} className="rounded-xl border border-border bg-card p-4 text-sm">
                <p className="font-medium">{application.school.fullName || application.school.username}</p>
                <p>Участников: {application.participantCount}</p>
                {application.attendedCount === null ? null : (
                  <p>
                    {attendanceTexts.label}:{' '}
                    {attendanceTexts.of(application.attendedCount, application.participantCount)}
                    {application.hoursEarned ? ` · ${attendanceTexts.hours(application.hoursEarned)}` : ''}
                  </p>
                )}
                <ApplicationNoteLines application={application} />
                <ApplicationContacts application={application} />
                {application.approvedAt ? (
                  <p className="text-muted-foreground">Одобрена {formatMomentDay(application.approvedAt)}</p>
                ) : null}
                {application.status === 'approved' ? (
                  <div className="mt-2">
                    <RejectButton
                      kind="exclude"
                      disabled={decide.isPending}
                      onConfirm={() => reject(application)}
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
