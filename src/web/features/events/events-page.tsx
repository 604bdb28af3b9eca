import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePageHead } from '../../components/page-head';
import { Input } from '../../components/ui/input';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { emptyEventFilters } from './api';
import { EventBrowser } from './event-browser';
import { eventTexts } from './texts';

const searchDelayMs = 300;

/** /events (also /events-calendar and /event-detail without an id): search, filters and all events. */
export function EventsPage() {
  usePageHead({ title: eventTexts.pageTitle, description: eventTexts.sectionSubtitle });
  const [filters, setFilters] = useState(emptyEventFilters);
  const [searchText, setSearchText] = useState('');
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);

  // The search applies once typing pauses, so each keystroke does not cost a request.
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.search === searchText ? current : { ...current, search: searchText }));
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText]);

  return (
    <div id="events-page" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{eventTexts.pageTitle}</h1>
      <div className="relative mt-4 mb-6 max-w-xl">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label={eventTexts.searchLabel}
          placeholder={eventTexts.searchPlaceholder}
          className="pl-9"
          ref={searchField}
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <h2 className="sr-only">{eventTexts.pageListHeading}</h2>
      <EventBrowser
        filters={filters}
        onFiltersChange={setFilters}
        pageSize={12}
        skeletonCount={8}
        emptyTitle={eventTexts.pageEmptyTitle}
        scrollTargetId="events-page"
      />
    </div>
  );
}
