import { describe, expect, it } from 'vitest';
import { eventListQuerySchema } from './events';
import { foundationListQuerySchema } from './foundations';
import {
  eventApiQuery,
  eventsPageAddress,
  foundationApiQuery,
  foundationsPageAddress,
  homeEventsAddress,
  homeFoundationsAddress,
  volunteerRequestApiQuery,
  volunteerRequestsAddress,
} from './list-addresses';
import { volunteerRequestListQuerySchema } from './volunteer-requests';

const read = <T>(address: { read(params: URLSearchParams): T }, query: string) =>
  address.read(new URLSearchParams(query));

/** The query the server gets, as its route reads it: repeated names become a list. */
const asRouteQuery = (params: URLSearchParams) => {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    query[name] = values.length > 1 ? values : (values[0] as string);
  }
  return query;
};

/** Addresses people could type or paste: good ones, bad ones, and the two mixed. */
const addresses = [
  '',
  'search=парк&date=week&age=16%2B&type=education&type=social&page=3',
  'page=abc&date=yesterday&age=21%2B&type=space&type=sport',
  'page=0',
  'page=-2',
  'page=1e3',
  'page=0x10',
  'page=2.5',
  'page=99999999999',
  'page=1000001',
  `search=${'я'.repeat(150)}`,
  'search=%20%20',
  'type=sport&type=sport&type=ecology',
  'direction=art&direction=nothing&direction=ecology&foundationAge=99&foundationPage=2',
  'eventDate=today&eventType=culture&eventPage=7&foundationSearch=дом&foundationDirection=social',
  'foundationId=abc',
  'foundationId=0',
  'foundationId=2147483648',
  'foundationId=12&page=2',
  'city=Москва&eventCity=Казань',
  `city=${'я'.repeat(61)}`,
  'city=%20%20&eventCity=',
];

describe('list addresses', () => {
  it('read back what they wrote, and write nothing for an unfiltered first page', () => {
    const events = {
      filters: { search: 'парк', date: 'week', age: '16+', types: ['education', 'social'], city: 'Москва' },
      page: 3,
    } as const;
    const written = eventsPageAddress.write(new URLSearchParams(), {
      filters: { ...events.filters, types: [...events.filters.types] },
      page: events.page,
    });
    expect(written.toString()).toBe(
      'search=%D0%BF%D0%B0%D1%80%D0%BA&date=week&age=16%2B&type=education&type=social&city=%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0&page=3',
    );
    expect(eventsPageAddress.read(written)).toEqual(events);

    const foundations = { filters: { search: 'дом', directions: ['ecology', 'art'], age: '14+' }, page: 2 };
    const home = homeFoundationsAddress.write(new URLSearchParams(), {
      filters: { search: 'дом', directions: ['ecology', 'art'], age: '14+' },
      page: 2,
    });
    expect(homeFoundationsAddress.read(home)).toEqual(foundations);

    const requests = volunteerRequestsAddress.write(new URLSearchParams(), {
      filters: { foundationId: 12 },
      page: 2,
    });
    expect(requests.toString()).toBe('foundationId=12&page=2');
    expect(volunteerRequestsAddress.read(requests)).toEqual({ filters: { foundationId: 12 }, page: 2 });

    expect(
      eventsPageAddress
        .write(new URLSearchParams(), {
          filters: { search: '  ', date: 'all', age: 'all', types: [], city: '' },
          page: 1,
        })
        .toString(),
    ).toBe('');
  });

  it('ignore what they cannot read, as if it were not in the address', () => {
    expect(read(eventsPageAddress, 'page=abc&date=yesterday&age=21%2B&type=space&type=sport')).toEqual({
      filters: { search: '', date: 'all', age: 'all', types: ['sport'], city: '' },
      page: 1,
    });
    for (const page of ['0', '-2', '1e3', '0x10', '2.5', '+3', ' 3', '99999999999', '1000001']) {
      expect(read(eventsPageAddress, `page=${encodeURIComponent(page)}`).page, page).toBe(1);
    }
    expect(read(foundationsPageAddress, 'direction=nothing&direction=ecology').filters.directions).toEqual([
      'ecology',
    ]);
    for (const id of ['abc', '0', '2147483648', '1.5']) {
      expect(read(volunteerRequestsAddress, `foundationId=${id}`).filters.foundationId, id).toBeUndefined();
    }
    // A city longer than any the API knows is no city at all.
    expect(read(eventsPageAddress, `city=${'я'.repeat(61)}`).filters.city).toBe('');
    expect(read(homeEventsAddress, 'eventCity=%20Казань%20').filters.city).toBe('Казань');
    // A search longer than the API takes is cut to what it takes, not refused.
    expect(read(eventsPageAddress, `search=${'я'.repeat(150)}`).filters.search).toHaveLength(100);
  });

  it('change only their own parameters, so the two lists of the home page keep each other', () => {
    const start = new URLSearchParams('eventDate=today&eventPage=2&foundationPage=2&utm_source=vk');
    const next = homeFoundationsAddress.write(start, {
      filters: { search: '', directions: ['social'], age: 'all' },
      page: 1,
    });
    expect(next.toString()).toBe('eventDate=today&eventPage=2&utm_source=vk&foundationDirection=social');
    expect(read(homeEventsAddress, next.toString())).toEqual({
      filters: { search: '', date: 'today', age: 'all', types: [], city: '' },
      page: 2,
    });
    const shared = homeEventsAddress.names.filter((name) => homeFoundationsAddress.names.includes(name));
    expect(shared).toEqual([]);
  });

  it.each(addresses)('give the API a query its schema accepts: "%s"', (query) => {
    for (const address of [eventsPageAddress, homeEventsAddress]) {
      const { filters, page } = read(address, query);
      expect(eventListQuerySchema.safeParse(asRouteQuery(eventApiQuery(filters, page, 12))).error).toBe(
        undefined,
      );
    }
    for (const address of [foundationsPageAddress, homeFoundationsAddress]) {
      const { filters, page } = read(address, query);
      expect(
        foundationListQuerySchema.safeParse(asRouteQuery(foundationApiQuery(filters, page, 6))).error,
      ).toBe(undefined);
    }
    const { filters, page } = read(volunteerRequestsAddress, query);
    expect(
      volunteerRequestListQuerySchema.safeParse(asRouteQuery(volunteerRequestApiQuery(filters, page, 12)))
        .error,
    ).toBe(undefined);
  });
});
