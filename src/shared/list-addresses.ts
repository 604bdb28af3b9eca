/**
 * The public lists keep their filters, search and page in the address, so Back, a reload and a shared
 * link show the same list. Each list's parameters are read and written here, once: the screens, the
 * routes that tell the server which parameters draw a page of their own (src/web/router.tsx) and the
 * tests all go through the same code.
 *
 * NOTE: no zod here. The public pages import this file, and like catalog.ts it keeps zod out of their
 * first download. The values accepted are the ones the API's zod schemas take (events.ts,
 * foundations.ts, pagination.ts), taken from the same lists in catalog.ts; list-addresses.test.ts
 * checks that every address gives a query those schemas accept. Anything else in the address (page=abc,
 * an unknown direction) is ignored, as if it were not there.
 */
import {
  type ActivityType,
  type AgeRange,
  activityTypes,
  ageRanges,
  type DatePreset,
  type Direction,
  datePresets,
  directions,
} from './catalog';
import { listParameterNames } from './list-address-names';

/** The highest page number a list query accepts. */
export const maxPageNumber = 1_000_000;
/** The longest search a list query accepts, after trimming. */
export const maxSearchLength = 100;
/** The longest city or region name an event has (event_city in migration 0007 keeps none longer). */
export const maxCityLength = 60;
/** The largest id a table holds: ids are PostgreSQL `integer` columns. */
export const maxDatabaseId = 2_147_483_647;

export interface ListState<Filters> {
  filters: Filters;
  /** From 1. */
  page: number;
}

export interface ListAddress<Filters> {
  /** Every query parameter this list reads. */
  names: readonly string[];
  read(params: URLSearchParams): ListState<Filters>;
  /** `params` with this list's parameters set to `state`; parameters of anything else stay as they were. */
  write(params: URLSearchParams, state: ListState<Filters>): URLSearchParams;
}

/** A whole number in plain decimal digits from 1 to `max`, or undefined. */
function wholeNumber(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], raw: string | null): T | undefined {
  return allowed.find((value) => value === raw);
}

/** The allowed values the address names, each once, in the order of `allowed`. */
function someOf<T extends string>(allowed: readonly T[], raw: string[]): T[] {
  return allowed.filter((value) => raw.includes(value));
}

function readSearch(raw: string | null): string {
  return (raw ?? '').trim().slice(0, maxSearchLength).trim();
}

/** Builds a list's address from the names it uses; a filter without a name is not in the address. */
function listAddress<Filters, Key extends string>(options: {
  names: Partial<Record<Key, string>> & { page: string };
  empty: Filters;
  read: (value: (key: Key) => string | null, values: (key: Key) => string[], empty: Filters) => Filters;
  /** Each filter's value in the address; undefined or an empty list leaves it out. */
  write: (filters: Filters) => Partial<Record<Key, string | string[] | undefined>>;
}): ListAddress<Filters> {
  const nameOf = (key: Key) => (options.names as Partial<Record<Key, string>>)[key];
  const names = Object.values(options.names).filter((name): name is string => name !== undefined);
  return {
    names,
    read(params) {
      const value = (key: Key) => {
        const name = nameOf(key);
        return name === undefined ? null : params.get(name);
      };
      const values = (key: Key) => {
        const name = nameOf(key);
        return name === undefined ? [] : params.getAll(name);
      };
      return {
        filters: options.read(value, values, options.empty),
        page: wholeNumber(params.get(options.names.page), maxPageNumber) ?? 1,
      };
    },
    write(params, state) {
      const next = new URLSearchParams(params);
      for (const name of names) next.delete(name);
      const written = Object.entries(options.write(state.filters)) as [Key, string | string[] | undefined][];
      for (const [key, value] of written) {
        const name = nameOf(key);
        if (name === undefined || value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) next.append(name, item);
      }
      if (state.page > 1) next.set(options.names.page, String(state.page));
      return next;
    },
  };
}

// Events -----------------------------------------------------------------------------------------------

export interface EventFilters {
  date: DatePreset | 'all';
  age: AgeRange | 'all';
  types: ActivityType[];
  search: string;
  /** A city or region of GET /api/events/cities; '' for every place. */
  city: string;
}

export const emptyEventFilters: EventFilters = { date: 'all', age: 'all', types: [], search: '', city: '' };

type EventFilterKey = 'search' | 'date' | 'age' | 'type' | 'city';

/** A city name as the API takes it, or '' for none. */
function readCity(raw: string | null): string {
  const city = (raw ?? '').trim();
  return city.length <= maxCityLength ? city : '';
}

function eventListAddress(names: Partial<Record<EventFilterKey, string>> & { page: string }) {
  return listAddress<EventFilters, EventFilterKey>({
    names,
    empty: emptyEventFilters,
    read: (value, values, empty) => ({
      date: oneOf(datePresets, value('date')) ?? empty.date,
      age: oneOf(ageRanges, value('age')) ?? empty.age,
      types: someOf(activityTypes, values('type')),
      search: readSearch(value('search')),
      city: readCity(value('city')),
    }),
    write: (filters) => ({
      search: filters.search.trim() || undefined,
      date: filters.date === 'all' ? undefined : filters.date,
      age: filters.age === 'all' ? undefined : filters.age,
      type: someOf(activityTypes, filters.types),
      city: readCity(filters.city) || undefined,
    }),
  });
}

/** The public API's query for one page of events (GET /api/events, eventListQuerySchema). */
export function eventApiQuery(filters: EventFilters, page: number, limit: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.date !== 'all') params.set('date', filters.date);
  if (filters.age !== 'all') params.set('ageRange', filters.age);
  for (const type of filters.types) params.append('activityType', type);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  const city = readCity(filters.city);
  if (city) params.set('city', city);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/** /events: search, date, age, types, city and page. */
export const eventsPageAddress = eventListAddress(listParameterNames.eventsPage);

/** The home page's events section, which has no search; its names differ from the foundations'. */
export const homeEventsAddress = eventListAddress(listParameterNames.homeEvents);

// Foundations ------------------------------------------------------------------------------------------

export interface FoundationFilters {
  search: string;
  directions: Direction[];
  age: AgeRange | 'all';
}

export const emptyFoundationFilters: FoundationFilters = { search: '', directions: [], age: 'all' };

type FoundationFilterKey = 'search' | 'direction' | 'age';

function foundationListAddress(names: Partial<Record<FoundationFilterKey, string>> & { page: string }) {
  return listAddress<FoundationFilters, FoundationFilterKey>({
    names,
    empty: emptyFoundationFilters,
    read: (value, values, empty) => ({
      search: readSearch(value('search')),
      directions: someOf(directions, values('direction')),
      age: oneOf(ageRanges, value('age')) ?? empty.age,
    }),
    write: (filters) => ({
      search: filters.search.trim() || undefined,
      direction: someOf(directions, filters.directions),
      age: filters.age === 'all' ? undefined : filters.age,
    }),
  });
}

/** The public API's query for one page of foundations (GET /api/foundations, foundationListQuerySchema). */
export function foundationApiQuery(filters: FoundationFilters, page: number, limit: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.directions.length > 0) params.set('directions', filters.directions.join(','));
  if (filters.age !== 'all') params.set('ageRestriction', filters.age);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/** /foundations: search and direction; it has no age filter. */
export const foundationsPageAddress = foundationListAddress(listParameterNames.foundationsPage);

/** The home page's foundations section. */
export const homeFoundationsAddress = foundationListAddress(listParameterNames.homeFoundations);

// Volunteer requests -----------------------------------------------------------------------------------

export interface VolunteerRequestFilters {
  foundationId: number | undefined;
}

/** The public API's query for one page of requests (GET /api/volunteer-requests). */
export function volunteerRequestApiQuery(
  filters: VolunteerRequestFilters,
  page: number,
  limit: number,
): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (filters.foundationId !== undefined) params.set('foundationId', String(filters.foundationId));
  return params;
}

/** /volunteer-requests: one foundation's requests, or everyone's. */
export const volunteerRequestsAddress = listAddress<VolunteerRequestFilters, 'foundation'>({
  names: listParameterNames.volunteerRequests,
  empty: { foundationId: undefined },
  read: (value) => ({ foundationId: wholeNumber(value('foundation'), maxDatabaseId) }),
  write: (filters) => ({
    foundation: filters.foundationId === undefined ? undefined : String(filters.foundationId),
  }),
});
