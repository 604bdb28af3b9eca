import { homeEventsAddress } from '../../../shared/list-addresses';
import { SectionHeading } from '../../components/section-heading';
import { useListAddress } from '../../lib/use-list-address';
import { EventBrowser } from './event-browser';
import { eventTexts } from './texts';

/** The events section of the home page: page size 6 (public-area.md section 9). */
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
        pageSize={6}
        skeletonCount={6}
        emptyTitle={eventTexts.emptyTitle}
        scrollTargetId="events"
      />
    </section>
  );
}
