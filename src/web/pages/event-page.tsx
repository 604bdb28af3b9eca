import { readsEventMessages } from '../../shared/event-messages';
import type { EventDetail } from '../../shared/events';
import { useCurrentUser } from '../api/session';
import { OrganiserMessages } from '../features/event-messages/organiser-messages';
import { useApplicationStatus } from '../features/events/api/application-status';
import { EventDetailPage } from '../features/events/event-detail-page';

/** The organiser's messages, for a school whose application is live or took part (not a rejected one). */
function MessagesForApplicant({ event }: { event: EventDetail }) {
  const { data: user } = useCurrentUser();
  const isSchool = user?.role === 'school';
  // The same answer the application card reads, so no request of its own.
  const { data: state } = useApplicationStatus(event.id, isSchool);
  return <OrganiserMessages eventId={event.id} applied={isSchool && readsEventMessages(state?.status)} />;
}

/** /events/{id}: the event page, with the organiser's messages for the schools whose application stands. */
export function EventPage() {
  return <EventDetailPage aside={(event) => <MessagesForApplicant event={event} />} />;
}
