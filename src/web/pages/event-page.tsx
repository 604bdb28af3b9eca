import { readsEventMessages } from '../../shared/event-messages';
import type { EventDetail } from '../../shared/events';
import { currentUserQuery, useCurrentUser } from '../api/session';
import { schoolEventMessagesQuery } from '../features/event-messages/api/school-event-messages';
import { OrganiserMessages } from '../features/event-messages/organiser-messages';
import { applicationStatusQuery, useApplicationStatus } from '../features/events/api/application-status';
import { EventDetailPage, loadEventDetailPage } from '../features/events/event-detail-page';
import type { PageLoad } from '../lib/page-load';

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

/** The event page's reads, and the organiser's messages for a school whose application stands. */
export const loadEventPage: PageLoad = async (context) => {
  const event = await loadEventDetailPage(context);
  const { queryClient } = context;
  if (event === undefined || queryClient.getQueryData(currentUserQuery.queryKey)?.role !== 'school') return;
  const state = await queryClient.ensureQueryData(applicationStatusQuery(event.id));
  if (readsEventMessages(state.status)) await queryClient.ensureQueryData(schoolEventMessagesQuery(event.id));
};
