import { homeEventsAddress } from '../../../shared/list-addresses';
import { SectionHeading } from '../../components/section-heading';
import type { PageLoad } from '../../lib/page-load';
import { useListAddress } from '../../lib/use-list-address';
import { EventBrowser, loadEventBrowser } from './event-browser';
import { eventTexts } from './texts';

/** Public-area.md section 9. */
const pageSize = 6;

/** The events section of the home page. */
export function EventsSection() {
  const [list, changeList] = useListAddress(homeEventsAddress);
  return (
    <section id="events" aria-labelledby="events-heading" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading
        id="events-heading"
        title={eventTexts.sectionTitle}
        subtitle={eventTexts.sectionSubtitle}
        link={{ to: '/events', label: eventTexts.allEvents }}
      />
      <EventBrowser
        list={list}
        onListChange={changeList}
        pageSize={pageSize}
        skeletonCount={pageSize}
        emptyTitle={eventTexts.emptyTitle}
        scrollTargetId="events"
      />
    </section>
  );
}

export const loadEventsSection: PageLoad = ({ searchParams, queryClient }) =>
  loadEventBrowser(queryClient, homeEventsAddress.read(searchParams), pageSize);
