import { useEffect, useRef, useState } from 'react';
import { eventsPageAddress } from '../../../shared/list-addresses';
import { usePageHead } from '../../components/page-head';
import { SearchInput } from '../../components/ui/search-input';
import type { PageLoad } from '../../lib/page-load';
import { useListAddress } from '../../lib/use-list-address';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { EventBrowser, loadEventBrowser } from './event-browser';
import { eventTexts } from './texts';

const searchDelayMs = 300;
const pageSize = 12;

/** /events (also /events-calendar and /event-detail without an id): search, filters and all events. */
export function EventsPage() {
  usePageHead({ title: eventTexts.pageTitle, description: eventTexts.sectionSubtitle });
  const [list, changeList] = useListAddress(eventsPageAddress);
  const [searchText, setSearchText] = useState(list.filters.search);
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);

  // The box follows the address when the address changes by itself (Back, Forward, a link), but not
  // while it is the box's own text on its way there.
  const [followedSearch, setFollowedSearch] = useState(list.filters.search);
  if (followedSearch !== list.filters.search) {
    setFollowedSearch(list.filters.search);
    if (searchText.trim() !== list.filters.search) setSearchText(list.filters.search);
  }

  // The search applies once typing pauses, so each keystroke does not cost a request, and it replaces
  // the address rather than adding a step to Back for every pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchText.trim();
      if (search !== list.filters.search) {
        changeList({ filters: { ...list.filters, search }, page: 1 }, { replace: true });
      }
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, list, changeList]);

  return (
    <div id="events-page" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{eventTexts.pageTitle}</h1>
      <SearchInput
        className="mt-4 mb-6 max-w-xl"
        aria-label={eventTexts.searchLabel}
        placeholder={eventTexts.searchPlaceholder}
        ref={searchField}
        value={searchText}
        maxLength={100}
        onChange={(event) => setSearchText(event.target.value)}
      />
      <h2 className="sr-only">{eventTexts.pageListHeading}</h2>
      <EventBrowser
        list={list}
        onListChange={changeList}
        pageSize={pageSize}
        skeletonCount={8}
        emptyTitle={eventTexts.pageEmptyTitle}
        scrollTargetId="events-page"
      />
    </div>
  );
}

export const loadEventsPage: PageLoad = ({ searchParams, queryClient }) =>
  loadEventBrowser(queryClient, eventsPageAddress.read(searchParams), pageSize);
