/**
 * The query parameters of each public list's address (list-addresses.ts reads and writes them). Apart
 * from the code that reads them, because every page's router needs the names to tell the server which
 * parameters draw a page of their own, and only the list pages need the rest.
 */
export const listParameterNames = {
  /** /events. */
  eventsPage: { search: 'search', date: 'date', age: 'age', type: 'type', city: 'city', page: 'page' },
  /** The home page's events section: no search, and names apart from the foundations section's. */
  homeEvents: { date: 'eventDate', age: 'eventAge', type: 'eventType', city: 'eventCity', page: 'eventPage' },
  /** /foundations: no age filter. */
  foundationsPage: { search: 'search', direction: 'direction', page: 'page' },
  /** The home page's foundations section. */
  homeFoundations: {
    search: 'foundationSearch',
    direction: 'foundationDirection',
    age: 'foundationAge',
    page: 'foundationPage',
  },
  /** /volunteer-requests. */
  volunteerRequests: { foundation: 'foundationId', page: 'page' },
} as const;
