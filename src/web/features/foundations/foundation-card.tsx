import { clsx } from 'clsx';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { directionLabels, unknownLabel } from '../../../shared/catalog';
import type { FoundationCard as FoundationCardData } from '../../../shared/foundations';
import { CoverImage } from '../../components/cover-image';
import { Pagination } from '../../components/pagination';
import { buttonVariants } from '../../components/ui/button';
import { FoundationInitials } from './foundation-initials';
import { descriptionPreviewLength, foundationTexts, maxCardDirections } from './texts';

const preview = (text: string) =>
  text.length > descriptionPreviewLength ? `${text.slice(0, descriptionPreviewLength).trimEnd()}…` : text;

/** A foundation in a list: logo, name, place, short text, directions, events and a link to its page. */
export function FoundationCard({ foundation }: { foundation: FoundationCardData }) {
  const text = foundation.shortDescription?.trim() || foundation.description?.trim() || '';
  const href = `/foundations/${foundation.id}`;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm">
      <CoverImage
        src={foundation.logo}
        title={foundation.name}
        className="aspect-[16/9] w-full"
        placeholder={<FoundationInitials name={foundation.name} className="text-5xl" />}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="text-lg leading-snug font-semibold wrap-anywhere">
          <Link to={href} className="hover:underline">
            {foundation.name}
          </Link>
        </h3>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {foundation.location || foundationTexts.noLocation}
        </p>
        <p className="text-sm wrap-anywhere text-muted-foreground">
          {text ? preview(text) : foundationTexts.noDescription}
        </p>
        {foundation.directions.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={foundationTexts.directionsFilter}>
            {foundation.directions.slice(0, maxCardDirections).map((direction) => (
              <li
                key={direction}
                className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-medium text-green-900 dark:bg-green-950 dark:text-green-100"
              >
                {directionLabels[direction] ?? unknownLabel}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarDays aria-hidden className="size-4 shrink-0" />
            {foundationTexts.eventsCount(foundation.eventsCount)}
          </span>
          <Link to={href} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {foundationTexts.details}
            <span className="sr-only">: {foundation.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}

function FoundationCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-xl border border-border bg-card">
      <div className="aspect-[16/9] animate-pulse bg-muted" />
      <div className="space-y-3 p-4">
        <div className="h-5 w-3/4 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-full animate-pulse rounded bg-muted" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}

/** The grid every foundation list uses: one column on phones, two, then three. */
export const foundationGridClass = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** Placeholder cards while the first page loads. */
export function FoundationCardSkeletons({ count }: { count: number }) {
  return (
    <div data-card-list className={foundationGridClass} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
        <FoundationCardSkeleton key={index} />
      ))}
      <span role="status" className="sr-only">
        {foundationTexts.loadingList}
      </span>
    </div>
  );
}

/**
 * A page of foundation cards and its pager, dimmed while the next page loads. On the home page the
 * cards swipe in one row on a phone (`data-card-list`); the list page keeps its grid.
 */
export function FoundationGrid({
  foundations,
  dimmed,
  swipeable = false,
  page,
  totalPages,
  onPageChange,
}: {
  foundations: FoundationCardData[];
  dimmed: boolean;
  swipeable?: boolean;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="space-y-6">
      <div
        data-card-list={swipeable || undefined}
        aria-busy={dimmed}
        className={clsx(foundationGridClass, dimmed && 'opacity-70')}
      >
        {foundations.map((foundation) => (
          <FoundationCard key={foundation.id} foundation={foundation} />
        ))}
      </div>
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={onPageChange}
        label={foundationTexts.pages}
      />
    </div>
  );
}
