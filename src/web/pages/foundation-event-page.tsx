import { FoundationEventPage, loadFoundationEventPage } from '../features/applications/foundation-event-page';
import { foundationEventMessagesQuery } from '../features/event-messages/api/foundation-event-messages';
import { FoundationEventMessages } from '../features/event-messages/foundation-event-messages';
import type { PageLoad } from '../lib/page-load';

/** /foundation/event/{eventId}: the applications of the event, and the foundation's messages to its schools. */
export function FoundationEventWithMessagesPage() {
  return (
    <FoundationEventPage
      messages={(event) => (
        <FoundationEventMessages eventId={event.id} completed={event.status === 'completed'} />
      )}
    />
  );
}

/** The event's applications, then the messages sent to its schools. */
export const loadFoundationEventWithMessagesPage: PageLoad = async (context) => {
  const applications = await loadFoundationEventPage(context);
  if (applications) await context.queryClient.ensureQueryData(foundationEventMessagesQuery(applications.id));
};
