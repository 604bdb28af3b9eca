import { FoundationEventPage } from '../features/applications/foundation-event-page';
import { FoundationEventMessages } from '../features/event-messages/foundation-event-messages';

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
