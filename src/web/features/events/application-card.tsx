import { type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '../../../shared/events';
import { useProfile } from '../../api/profile';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { lazyNamed } from '../../lib/lazy-named';
import { signInAddress } from '../../lib/sign-in-return';
import { useApplicationStatus } from './api/application-status';
import { useOrganiserView } from './api/event-permissions';
import { applicationSectionId, isEventOver, participationLabel } from './event-status';
import { eventTexts } from './texts';

// The form (with react-hook-form and zod) only matters to a school that pressed the button; every other
// visitor of the event page is spared its 40 KB.
const ApplicationForm = lazyNamed(() => import('./application-form'), 'ApplicationForm');
const CancelApplicationButton = lazyNamed(
  () => import('./cancel-application-button'),
  'CancelApplicationButton',
);

/** Who may take part and how (public-area.md sections 2, 4 and 6); the organiser manages instead. */
export function ApplicationCard({ event }: { event: EventDetail }) {
  const { data: user } = useCurrentUser();
  const isSchool = user?.role === 'school';
  const organiserView = useOrganiserView(event.id, user?.role === 'foundation');
  const { data: profile } = useProfile(isSchool);
  const { data: application } = useApplicationStatus(event.id, isSchool);
  const [formOpen, setFormOpen] = useState(false);
  const form = (waitlistOnly: boolean) =>
    profile ? (
      <Suspense fallback={<Spinner />}>
        <ApplicationForm
          eventId={event.id}
          remainingSlots={event.remainingSlots}
          ageRestriction={event.ageRestriction}
          waitlistOnly={waitlistOnly}
          profile={profile}
          onDone={() => setFormOpen(false)}
        />
      </Suspense>
    ) : (
      <Spinner />
    );
  const participation = participationLabel(event);

  if (organiserView) {
    return (
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">Ваше мероприятие</h2>
        {organiserView.waitlistedSchools > 0 ? (
          <p className="text-muted-foreground">
            {eventTexts.waitlistedSchools(organiserView.waitlistedSchools)}
          </p>
        ) : null}
        <Button asChild className="w-full">
          <Link to={`/dashboard/edit-event/${event.id}`}>Редактировать</Link>
        </Button>
        <Button asChild variant="outline" className="w-full">
          <Link to={`/foundation/event/${event.id}`}>Просмотреть заявки</Link>
        </Button>
      </Card>
    );
  }

  const cancelButton = (waitlisted = false) => (
    <Suspense
      fallback={
        <Button variant="outline" className="w-full" disabled>
          {waitlisted ? eventTexts.leaveWaitlist : 'Отменить заявку'}
        </Button>
      }
    >
      <CancelApplicationButton eventId={event.id} waitlisted={waitlisted} />
    </Suspense>
  );

  let body: ReactNode;
  if (isEventOver(event)) {
    body = <p className="text-muted-foreground">{eventTexts.pastApplication}</p>;
  } else if (!user) {
    body = (
      <>
        <p className="text-muted-foreground">{eventTexts.signInAsSchool}</p>
        <Button asChild className="w-full">
          <Link to={signInAddress(`/events/${event.id}#${applicationSectionId}`)}>{eventTexts.signIn}</Link>
        </Button>
      </>
    );
  } else if (!isSchool) {
    body = <p className="text-muted-foreground">{eventTexts.onlySchools}</p>;
  } else if (profile && profile.moderationStatus !== 'approved') {
    body = (
      <p className="text-muted-foreground">
        Дождитесь одобрения модератором чтобы регистрироваться на мероприятия
      </p>
    );
  } else if (application?.status === 'pending') {
    body = (
      <>
        <p className="font-medium">Ожидает одобрения</p>
        <p className="text-muted-foreground">Вы записаны. Фонд рассмотрит заявку и сообщит о решении.</p>
        {cancelButton()}
      </>
    );
  } else if (application?.status === 'approved') {
    body = (
      <>
        <p className="font-medium text-primary dark:text-green-400">Заявка одобрена!</p>
        <Button asChild variant="outline" className="w-full">
          <Link to="/school-approved-applications">Контакты фонда</Link>
        </Button>
        {cancelButton()}
      </>
    );
  } else if (application?.status === 'waitlisted') {
    body = (
      <>
        <p className="font-medium">{eventTexts.waitlisted}</p>
        <p className="text-muted-foreground">
          {eventTexts.waitlistPosition(application.waitlistPosition ?? 1, application.participantCount ?? 1)}
        </p>
        {cancelButton(true)}
      </>
    );
  } else if (application?.status === 'completed') {
    body = <p className="font-medium">Вы записаны! Участник</p>;
  } else if (!participation.open) {
    // A full event: the school may wait in line for places to free up.
    body = formOpen ? (
      form(true)
    ) : (
      <>
        <p className="text-muted-foreground">{eventTexts.waitlistOffer}</p>
        <Button className="w-full" onClick={() => setFormOpen(true)}>
          {eventTexts.joinWaitlist}
        </Button>
      </>
    );
  } else if (formOpen) {
    body = form(false);
  } else {
    body = (
      <>
        {application?.status === 'rejected' ? (
          <p className="text-muted-foreground">Заявка отклонена. Вы можете подать новую заявку.</p>
        ) : null}
        <Button className="w-full" onClick={() => setFormOpen(true)}>
          {participation.text}
        </Button>
      </>
    );
  }

  // The target of the cards' «Записаться» and of the return after signing in: focusable from script, so
  // the keyboard lands here with the page scrolled to it (ScrollToHash).
  return (
    <Card
      id={applicationSectionId}
      tabIndex={-1}
      role="region"
      aria-labelledby="application-heading"
      className="space-y-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <h2 id="application-heading" className="text-lg font-semibold">
        {eventTexts.applicationTitle}
      </h2>
      {participation.open || isEventOver(event) ? null : (
        <p className="font-medium text-muted-foreground">{participation.text}</p>
      )}
      {body}
    </Card>
  );
}
