import { clsx } from 'clsx';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { type Direction, directionLabels } from '../../../shared/catalog';
import { type FoundationFilters, foundationsPageAddress } from '../../../shared/list-addresses';
import { foundationListQuery, useFoundationList } from '../../api/foundation-list';
import { FramedLoadError } from '../../components/load-error';
import { NothingFound } from '../../components/nothing-found';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import type { PageLoad } from '../../lib/page-load';
import { useListAddress } from '../../lib/use-list-address';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { FoundationCardSkeletons, FoundationGrid } from './foundation-card';
import { foundationTexts } from './texts';

/** public-area.md section 9: the list page asks for 100 foundations at a time. */
const pageSize = 100;
const pageId = 'foundations-page';

/** The chips of the list page (public-area.md section 2); 'art' is only on the home section. */
const chipDirections: Direction[] = ['ecology', 'social', 'education', 'culture', 'sport', 'health'];

const chipClass = (active: boolean) =>
  clsx(
    'rounded-full border px-3 py-1.5 text-sm transition-colors',
    active
      ? 'border-primary bg-primary font-medium text-primary-foreground'
      : 'border-border bg-card hover:bg-muted',
  );

/** The chips pick one direction at a time; more in the address, or one without a chip, is ignored. */
function shownFilters(inAddress: FoundationFilters): FoundationFilters {
  const selected = inAddress.directions.find((direction) => chipDirections.includes(direction));
  return { ...inAddress, directions: selected ? [selected] : [] };
}

/** /foundations: search (on Enter or 'Найти'), one direction at a time, found and total counters. */
export function FoundationsPage() {
  usePageHead({ title: foundationTexts.pageTitle, description: foundationTexts.pageSubtitle });
  const [list, changeList] = useListAddress(foundationsPageAddress);
  const { page } = list;
  const filters = shownFilters(list.filters);
  const selected = filters.directions[0];
  const [searchText, setSearchText] = useState(filters.search);
  const searchField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(searchField, searchText, setSearchText);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useFoundationList(
    filters,
    page,
    pageSize,
  );

  // The box shows the applied search again when the address changes by itself (Back, Forward, a link).
  const [followedSearch, setFollowedSearch] = useState(filters.search);
  if (followedSearch !== filters.search) {
    setFollowedSearch(filters.search);
    setSearchText(filters.search);
  }

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changeList({ filters: { ...filters, search: searchText.trim() }, page: 1 });
  };

  const chooseDirection = (direction: Direction | undefined) =>
    changeList({ filters: { ...filters, directions: direction ? [direction] : [] }, page: 1 });

  const changePage = (next: number) => {
    changeList({ filters, page: next });
    document.getElementById(pageId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  let content: ReactNode;
  if (isPending || (isPlaceholderData && data.foundations.length === 0)) {
    content = <FoundationCardSkeletons count={6} />;
  } else if (isError) {
    content = (
      <FramedLoadError frame="list" text={foundationTexts.loadFailed} onRetry={() => void refetch()} />
    );
  } else if (data.foundations.length === 0) {
    content = <NothingFound title={foundationTexts.notFoundTitle} hint={foundationTexts.notFoundHint} />;
  } else {
    content = (
      <FoundationGrid
        foundations={data.foundations}
        dimmed={isFetching}
        page={page}
        totalPages={data.pagination.totalPages}
        onPageChange={changePage}
      />
    );
  }

  return (
    <div id={pageId} className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{foundationTexts.pageTitle}</h1>
      <p className="mt-1 text-muted-foreground">{foundationTexts.pageSubtitle}</p>

      <search className="mt-6 block max-w-xl">
        <form onSubmit={submitSearch} className="flex flex-col gap-2 sm:flex-row">
          <SearchInput
            className="flex-1"
            aria-label={foundationTexts.searchLabel}
            placeholder={foundationTexts.searchPlaceholder}
            maxLength={100}
            ref={searchField}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit">{foundationTexts.search}</Button>
        </form>
      </search>

      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">{foundationTexts.directionChips}</legend>
        <button
          type="button"
          aria-pressed={selected === undefined}
          className={chipClass(selected === undefined)}
          onClick={() => chooseDirection(undefined)}
        >
          {foundationTexts.allDirections}
        </button>
        {chipDirections.map((direction) => (
          <button
            key={direction}
            type="button"
            aria-pressed={selected === direction}
            className={chipClass(selected === direction)}
            onClick={() => chooseDirection(direction)}
          >
            {directionLabels[direction]}
          </button>
        ))}
      </fieldset>

      <div
        aria-live="polite"
        className="mt-4 mb-6 flex min-h-5 flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground"
      >
        {data && !isPlaceholderData ? (
          <>
            <p>{foundationTexts.found(data.pagination.totalCount)}</p>
            <p>{foundationTexts.total(data.pagination.overallCount)}</p>
          </>
        ) : null}
      </div>

      <h2 className="sr-only">{foundationTexts.pageListHeading}</h2>
      {content}
    </div>
  );
}

export const loadFoundationsPage: PageLoad = ({ searchParams, queryClient }) => {
  const list = foundationsPageAddress.read(searchParams);
  return queryClient.ensureQueryData(foundationListQuery(shownFilters(list.filters), list.page, pageSize));
};
