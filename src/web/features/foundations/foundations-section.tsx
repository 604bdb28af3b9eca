import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  type AgeRange,
  ageRanges,
  type Direction,
  directionLabels,
  directions,
} from '../../../shared/catalog';
import {
  emptyFoundationFilters,
  type FoundationFilters,
  homeFoundationsAddress,
} from '../../../shared/list-addresses';
import { foundationListQuery, useFoundationList } from '../../api/foundation-list';
import { CheckboxGroup } from '../../components/checkbox-group';
import { FoldingFilters } from '../../components/folding-filters';
import { FramedLoadError } from '../../components/load-error';
import { NothingFound } from '../../components/nothing-found';
import { SectionHeading } from '../../components/section-heading';
import { Button } from '../../components/ui/button';
import { SearchInput } from '../../components/ui/search-input';
import type { PageLoad } from '../../lib/page-load';
import { useListAddress } from '../../lib/use-list-address';
import { FoundationCardSkeletons, FoundationGrid } from './foundation-card';
import { foundationTexts } from './texts';

/** public-area.md section 9: six foundations per page, every page number shown. */
const pageSize = 6;
const sectionId = 'foundations';

const ageOptions: ('all' | AgeRange)[] = ['all', ...ageRanges];

const optionClass = (active: boolean) =>
  clsx(
    'min-w-14 rounded-md border px-3 py-1.5 text-sm transition-colors',
    active
      ? 'border-primary bg-green-50 font-medium text-green-900 dark:bg-green-950 dark:text-green-100'
      : 'border-border hover:bg-muted',
  );

/**
 * The foundations section of the home page. The controls edit a draft; the list follows only when the
 * draft is applied (search, Enter or 'Применить'), and applying starts again at page 1
 * (public-area.md section 4).
 */
export function FoundationsSection() {
  const queryClient = useQueryClient();
  const [list, changeList] = useListAddress(homeFoundationsAddress);
  const { filters: applied, page } = list;
  const [draft, setDraft] = useState<FoundationFilters>(applied);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useFoundationList(
    applied,
    page,
    pageSize,
  );

  // The controls show the applied filters again when the address changes by itself (Back, Forward,
  // a link); a draft not yet applied is dropped then, as it would be on leaving the page.
  const appliedKey = JSON.stringify(applied);
  const [followedKey, setFollowedKey] = useState(appliedKey);
  if (followedKey !== appliedKey) {
    setFollowedKey(appliedKey);
    setDraft(applied);
  }

  const apply = () => changeList({ filters: { ...draft, search: draft.search.trim() }, page: 1 });

  const reset = () => {
    setDraft(emptyFoundationFilters);
    changeList({ filters: emptyFoundationFilters, page: 1 });
    // Reset also reloads: the unfiltered first page may be cached from a minute ago.
    void queryClient.invalidateQueries({
      queryKey: foundationListQuery(emptyFoundationFilters, 1, pageSize).queryKey,
      refetchType: 'all',
    });
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  const toggleDirection = (direction: Direction) =>
    setDraft((current) => ({
      ...current,
      directions: current.directions.includes(direction)
        ? current.directions.filter((item) => item !== direction)
        : [...current.directions, direction],
    }));

  const changePage = (next: number) => {
    changeList({ filters: applied, page: next });
    document.getElementById(sectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // The age filter counts too: with it, an empty answer means "nothing matches", not "no foundations yet".
  const isFiltered = applied.search !== '' || applied.directions.length > 0 || applied.age !== 'all';

  let content: ReactNode;
  // An empty previous answer says nothing about the filters now applied, so wait for the new one.
  if (isPending || (isPlaceholderData && data.foundations.length === 0)) {
    content = <FoundationCardSkeletons count={pageSize} />;
  } else if (isError) {
    content = (
      <FramedLoadError frame="list" text={foundationTexts.loadFailed} onRetry={() => void refetch()} />
    );
  } else if (data.foundations.length === 0) {
    content = isFiltered ? (
      <NothingFound title={foundationTexts.notFoundTitle} hint={foundationTexts.notFoundHint}>
        <Button className="mt-4" variant="outline" onClick={reset}>
          {foundationTexts.resetFilters}
        </Button>
      </NothingFound>
    ) : (
      <NothingFound title={foundationTexts.comingSoonTitle} hint={foundationTexts.comingSoonNote} />
    );
  } else {
    content = (
      <FoundationGrid
        foundations={data.foundations}
        dimmed={isFetching}
        swipeable
        page={page}
        totalPages={data.pagination.totalPages}
        onPageChange={changePage}
      />
    );
  }

  return (
    <section id={sectionId} aria-labelledby="foundations-heading" className="mx-auto max-w-7xl px-4 py-12">
      <SectionHeading
        id="foundations-heading"
        title={foundationTexts.sectionTitle}
        subtitle={foundationTexts.sectionSubtitle}
        link={{ to: '/foundations', label: foundationTexts.allFoundations }}
      />

      {/* On a phone the panel is as tall as two screens: it folds away, as the events' filters do. */}
      <FoldingFilters
        showLabel={foundationTexts.showFilters}
        hideLabel={foundationTexts.hideFilters}
        buttonClassName="mb-4 w-full sm:hidden"
        panelClassName="mb-6 space-y-5 rounded-xl border border-border bg-card p-4"
        foldedClassName="max-sm:hidden"
      >
        <search>
          <form onSubmit={submitSearch} className="flex flex-col gap-2 sm:flex-row">
            <SearchInput
              className="flex-1"
              aria-label={foundationTexts.searchLabel}
              placeholder={foundationTexts.searchPlaceholder}
              maxLength={100}
              value={draft.search}
              onChange={(event) => setDraft((current) => ({ ...current, search: event.target.value }))}
            />
            <Button type="submit">{foundationTexts.search}</Button>
          </form>
        </search>

        <CheckboxGroup
          legend={foundationTexts.directionsFilter}
          options={directions}
          labels={directionLabels}
          checked={draft.directions}
          onToggle={toggleDirection}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
        />

        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <fieldset>
            <legend className="mb-2 text-sm font-semibold">{foundationTexts.ageFilter}</legend>
            <div className="flex flex-wrap gap-1.5">
              {ageOptions.map((age) => (
                <button
                  key={age}
                  type="button"
                  aria-pressed={draft.age === age}
                  className={optionClass(draft.age === age)}
                  onClick={() => setDraft((current) => ({ ...current, age }))}
                >
                  {age === 'all' ? foundationTexts.allAges : age}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="flex gap-2">
            <Button className="flex-1 sm:flex-none" onClick={apply}>
              {foundationTexts.apply}
            </Button>
            <Button variant="outline" className="flex-1 sm:flex-none" onClick={reset}>
              {foundationTexts.reset}
            </Button>
          </div>
        </div>
      </FoldingFilters>

      {content}
    </section>
  );
}

export const loadFoundationsSection: PageLoad = ({ searchParams, queryClient }) => {
  const { filters, page } = homeFoundationsAddress.read(searchParams);
  return queryClient.ensureQueryData(foundationListQuery(filters, page, pageSize));
};
