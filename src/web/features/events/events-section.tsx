import { homeEventsAddress } from '../../../shared/list-addresses';
import { useListAddress } from '../../lib/use-list-address';
import { EventBrowser } from './event-browser';
import { eventTexts } from './texts';

/** The events section of the home page: page size 6 (public-area.md section 9). */
export function EventsSection() {
  const [list, changeList] = useListAddress(homeEventsAddress);
  return (
    <section id="events" aria-labelledby="events-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6">
        <h2 id="events-heading" className="text-2xl font-bold sm:text-3xl">
          {eventTexts.sectionTitle}
        </h2>
        <p className="mt-1 text-muted-foreground">{eventTexts.sectionSubtitle}</p>
      </div>
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
