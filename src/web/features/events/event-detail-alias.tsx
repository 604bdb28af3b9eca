import { useSearchParams } from 'react-router';
import type { PageLoad } from '../../lib/page-load';
import { EventDetailPage, loadEventDetailPage } from './event-detail-page';
import { EventsPage, loadEventsPage } from './events-page';

/** /event-detail: the event of ?id=, or the list of events when no id is given. */
export function EventDetailAlias() {
  const [searchParams] = useSearchParams();
  return searchParams.has('id') ? <EventDetailPage /> : <EventsPage />;
}

export const loadEventDetailAlias: PageLoad = (context) =>
  context.searchParams.has('id') ? loadEventDetailPage(context) : loadEventsPage(context);
