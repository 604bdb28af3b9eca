import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '../../../shared/events';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useCurrentUser } from '../auth/api';
import { participationLabel } from './event-status';
import { eventTexts } from './texts';

/** Who may take part and how; a school's application form arrives with the registration feature. */
export function RegistrationCard({ event }: { event: EventDetail }) {
  const { data: user } = useCurrentUser();
  const participation = participationLabel(event);

  let body: ReactNode;
  if (event.isPastEvent) {
    body = <p className="text-muted-foreground">{eventTexts.pastRegistration}</p>;
  } else if (!participation.open) {
    body = (
      <Button className="w-full" disabled>
        {eventTexts.noPlaces}
      </Button>
    );
  } else if (!user) {
    body = (
      <>
        <p className="text-muted-foreground">{eventTexts.signInAsSchool}</p>
        <Button asChild className="w-full">
          <Link to="/auth">{eventTexts.signIn}</Link>
        </Button>
      </>
    );
  } else if (user.role !== 'school') {
    body = <p className="text-muted-foreground">{eventTexts.onlySchools}</p>;
  } else {
    body = <p className="text-muted-foreground">{eventTexts.schoolRegistrationSoon}</p>;
  }

  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{eventTexts.registrationTitle}</h2>
      <p
        className={
          participation.open
            ? 'font-medium text-primary dark:text-green-400'
            : 'font-medium text-muted-foreground'
        }
      >
        {participation.text}
      </p>
      {body}
    </Card>
  );
}
