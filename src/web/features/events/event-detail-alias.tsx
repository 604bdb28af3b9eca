import { useSearchParams } from 'react-router';
import { EventDetailPage } from './event-detail-page';
import { EventsPage } from './events-page';

/** /event-detail: the event of ?id=, or the list of events when no id is given. */
export function EventDetailAlias() {
  const [searchParams] = useSearchParams();
  return searchParams.has('id') ? <EventDetailPage /> : <EventsPage />;
}
