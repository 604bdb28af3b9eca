import { useSearchParams } from 'react-router';
import { Redirect } from '../../components/redirect';

/**
 * /school-applications-old, the address of the first applications page (docs/decisions/084): kept so
 * that bookmarks and old letters still arrive. Its list of applications is /school-applications, its
 * tab of events open for applications is /events, and `?event=` opened an event's application form,
 * which is now on the event's own page.
 */
export function SchoolApplicationsOldAlias() {
  const [searchParams] = useSearchParams();
  const eventId = searchParams.get('event');
  if (eventId && /^[1-9]\d*$/.test(eventId)) return <Redirect to={`/events/${eventId}#application`} />;
  return <Redirect to={searchParams.get('tab') === 'available' ? '/events' : '/school-applications'} />;
}
