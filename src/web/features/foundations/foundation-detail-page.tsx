import { clsx } from 'clsx';
import {
  CalendarDays,
  CalendarPlus,
  Clock,
  ExternalLink,
  Globe,
  Landmark,
  Mail,
  MapPin,
  Phone,
  ShieldCheck,
  Video,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import type { FoundationDetail, FoundationEventItem } from '../../../shared/foundations';
import { moderationStatusLabels } from '../../../shared/roles';
import { BackLink } from '../../components/back-link';
import { ContactList, telHref } from '../../components/contact-list';
import { CoverImage } from '../../components/cover-image';
import { EmptyNote } from '../../components/empty-note';
import { ItemPage } from '../../components/item-page';
import { shareImage, summary, usePageHead } from '../../components/page-head';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { appDayOf } from '../../lib/app-time-zone';
import type { PageLoad } from '../../lib/page-load';
import { foundationQuery, useFoundation } from './api/foundation';
import { FoundationInitials } from './foundation-initials';
import { eventsPreviewCount, foundationTexts, galleryLimit } from './texts';

/** The id from /foundations/{id}: a positive whole number, anything else is not found. */
const foundationIdOf = (raw = '') => (/^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

function useFoundationId(): number | undefined {
  return foundationIdOf(useParams().id);
}

/**
 * A link target for an address a foundation typed in itself: http(s) only, so a `javascript:` value can
 * never become a link; a bare 'site.ru' gets https.
 */
function externalUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Telegram names are often given as '@name' or 'name' rather than a t.me link. */
function telegramUrl(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const name = /^@?([a-z\d_]{3,})$/i.exec(trimmed)?.[1];
  return name ? `https://t.me/${name}` : externalUrl(trimmed);
}

/** Paragraphs are separated by blank lines (public-area.md section 2). */
const paragraphs = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The year of a moment in the app's time zone: a foundation registered on New Year's Eve in Moscow. */
function yearOf(moment: string): number | undefined {
  const day = appDayOf(moment);
  return day ? Number(day.slice(0, 4)) : undefined;
}

const linkClass = 'text-primary hover:underline dark:text-green-400';

/** The page for an address with no such foundation, with the way back to the list. */
const missingFoundation = {
  title: foundationTexts.notFound,
  text: foundationTexts.notFoundDetail,
  to: '/foundations',
  linkLabel: foundationTexts.toAllFoundations,
};

export function FoundationDetailPage() {
  const id = useFoundationId();
  return (
    <ItemPage
      id={id}
      query={useFoundation(id)}
      notFound={missingFoundation}
      loadFailed={foundationTexts.loadOneFailed}
      loadingLabel={foundationTexts.loading}
    >
      {(foundation) => <FoundationView foundation={foundation} />}
    </ItemPage>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className={clsx(linkClass, 'break-all')}>
      {children}
      <span className="sr-only"> {foundationTexts.opensInNewTab}</span>
    </a>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  // A <dl> allows only <dt> and <dd> inside its groups, so the icon sits in the term.
  return (
    <div className="relative rounded-xl border border-border bg-card p-4 pl-16">
      <dt className="text-sm text-muted-foreground">
        <span className="absolute top-1/2 left-4 -translate-y-1/2 rounded-lg bg-muted p-2 text-primary dark:text-green-400">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

function FoundationView({ foundation }: { foundation: FoundationDetail }) {
  usePageHead({
    title: foundation.name,
    description: summary(foundation.shortDescription || foundation.description),
    share: {
      path: `/foundations/${foundation.id}`,
      image: shareImage(foundation.logo, 'foundations', foundation.id),
      type: 'website',
    },
  });
  const website = externalUrl(foundation.website);
  const registeredYear = yearOf(foundation.createdAt);
  const approved = foundation.moderationStatus === 'approved';

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackLink to="/#foundations">{foundationTexts.back}</BackLink>

      <header className="mt-4 flex flex-col gap-5 rounded-xl border border-border bg-card p-5 sm:flex-row sm:items-start sm:p-6">
        <CoverImage
          src={foundation.logo}
          title={foundation.name}
          className="size-24 shrink-0 overflow-hidden rounded-xl"
          placeholder={<FoundationInitials name={foundation.name} className="text-3xl" />}
        />
        <div className="min-w-0 flex-1 space-y-3">
          <span
            className={clsx(
              'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
              approved
                ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100'
                : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
            )}
          >
            <ShieldCheck aria-hidden className="size-3.5" />
            {moderationStatusLabels[foundation.moderationStatus] ?? foundation.moderationStatus}
          </span>
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{foundation.name}</h1>
          {foundation.location ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {foundation.location}
            </p>
          ) : null}
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
            {foundation.address ? (
              <li className="flex items-start gap-2">
                <Landmark aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span>
                  <span className="sr-only">{foundationTexts.address}: </span>
                  {foundation.address}
                </span>
              </li>
            ) : null}
            {foundation.phone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <a href={telHref(foundation.phone)} className={linkClass}>
                  <span className="sr-only">{foundationTexts.phone}: </span>
                  {foundation.phone}
                </a>
              </li>
            ) : null}
            {foundation.email ? (
              <li className="flex min-w-0 items-center gap-2">
                <Mail aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <a href={`mailto:${foundation.email}`} className={clsx(linkClass, 'break-all')}>
                  <span className="sr-only">{foundationTexts.email}: </span>
                  {foundation.email}
                </a>
              </li>
            ) : null}
            {website ? (
              <li className="flex min-w-0 items-center gap-2">
                <Globe aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                <ExternalAnchor href={website}>
                  <span className="sr-only">{foundationTexts.website}: </span>
                  {foundation.website}
                </ExternalAnchor>
              </li>
            ) : null}
          </ul>
        </div>
      </header>

      <section aria-labelledby="foundation-stats" className="mt-6">
        <h2 id="foundation-stats" className="sr-only">
          {foundationTexts.statsTitle}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Stat
            icon={<CalendarDays aria-hidden className="size-5" />}
            label={foundationTexts.statEvents}
            value={foundation.eventsCount}
          />
          <Stat
            icon={<Landmark aria-hidden className="size-5" />}
            label={foundationTexts.statFounded}
            value={foundation.foundedYear ?? foundationTexts.notSpecified}
          />
          <Stat
            icon={<CalendarPlus aria-hidden className="size-5" />}
            label={foundationTexts.statRegistered}
            value={registeredYear ?? foundationTexts.notSpecified}
          />
        </dl>
      </section>

      <SegmentedTabs
        defaultValue="about"
        className="mt-8"
        label={foundationTexts.tabsLabel}
        listClassName="w-full sm:inline-grid sm:w-auto"
        tabs={[
          { value: 'about', label: foundationTexts.aboutTab, panel: <AboutTab foundation={foundation} /> },
          {
            value: 'events',
            label: foundationTexts.eventsTab,
            panel: <EventsTab events={foundation.events} />,
          },
        ]}
      />
    </div>
  );
}

function AboutTab({ foundation }: { foundation: FoundationDetail }) {
  const description = paragraphs(foundation.description);
  const text = description.length > 0 ? description : paragraphs(foundation.bio);
  const socials = (
    [
      [foundationTexts.vk, externalUrl(foundation.vkLink)],
      [foundationTexts.telegramChannel, telegramUrl(foundation.telegramChannel)],
    ] as const
  ).flatMap(([label, href]) => (href ? [{ label, href }] : []));
  const photos = foundation.photoGallery.slice(0, galleryLimit);
  const video = externalUrl(foundation.videoPresentation);

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_340px]">
      <div className="min-w-0 space-y-8">
        <div className="space-y-4 leading-relaxed">
          {text.length > 0 ? (
            text.map((paragraph, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered; paragraphs may repeat
              <p key={index} className="wrap-anywhere whitespace-pre-line">
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-muted-foreground">{foundationTexts.noDescription}</p>
          )}
        </div>

        {socials.length > 0 ? (
          <section aria-labelledby="foundation-socials" className="space-y-3">
            <h2 id="foundation-socials" className="text-xl font-semibold">
              {foundationTexts.socialTitle}
            </h2>
            <ul className="flex flex-wrap gap-2">
              {socials.map((social) => (
                <li key={social.label}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noreferrer noopener"
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    <ExternalLink aria-hidden />
                    {social.label}
                    <span className="sr-only"> {foundationTexts.opensInNewTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {photos.length > 0 ? (
          <section aria-labelledby="foundation-gallery" className="space-y-3">
            <h2 id="foundation-gallery" className="text-xl font-semibold">
              {foundationTexts.galleryTitle}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {photos.map((photo, index) => (
                <li key={photo}>
                  <CoverImage
                    src={photo}
                    title={foundationTexts.photo(foundation.name, index + 1)}
                    className="aspect-[4/3] w-full overflow-hidden rounded-lg"
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {video ? (
          <section aria-labelledby="foundation-video" className="space-y-3">
            <h2 id="foundation-video" className="text-xl font-semibold">
              {foundationTexts.videoTitle}
            </h2>
            <a
              href={video}
              target="_blank"
              rel="noreferrer noopener"
              className={buttonVariants({ variant: 'outline' })}
            >
              <Video aria-hidden />
              {foundationTexts.watchVideo}
              <span className="sr-only"> {foundationTexts.opensInNewTab}</span>
            </a>
          </section>
        ) : null}
      </div>

      <aside aria-labelledby="foundation-contacts">
        <Card className="space-y-4">
          <h2 id="foundation-contacts" className="text-lg font-semibold">
            {foundationTexts.contactsTitle}
          </h2>
          <ContactList
            showMissing
            contacts={[
              { kind: 'person', value: foundation.contactPerson },
              { kind: 'phone', value: foundation.phone },
              { kind: 'email', value: foundation.email },
              { kind: 'telegram', value: foundation.telegramUsername, optional: true },
            ]}
          />
        </Card>
      </aside>
    </div>
  );
}

function EventsTab({ events }: { events: FoundationEventItem[] }) {
  const [showAll, setShowAll] = useState(false);
  if (events.length === 0) {
    return <EmptyNote>{foundationTexts.noEvents}</EmptyNote>;
  }
  const shown = showAll ? events : events.slice(0, eventsPreviewCount);
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {shown.map((event) => (
          <FoundationEventRow key={event.id} event={event} />
        ))}
      </ul>
      {events.length > eventsPreviewCount ? (
        <div className="text-center">
          <Button variant="outline" aria-expanded={showAll} onClick={() => setShowAll((value) => !value)}>
            {showAll ? foundationTexts.showLess : foundationTexts.showAll(events.length)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function FoundationEventRow({ event }: { event: FoundationEventItem }) {
  const past = event.isPastEvent;
  return (
    <li
      className={clsx(
        'flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between',
        // Grey, not faded: faded text would fall below the contrast WCAG asks of text.
        past && 'grayscale',
      )}
    >
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold wrap-anywhere">{event.title}</h3>
          {past ? (
            <span className="rounded-full bg-slate-900/85 px-2.5 py-0.5 text-xs font-medium text-white dark:bg-slate-700">
              {foundationTexts.past}
            </span>
          ) : null}
        </div>
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-5">
          <li className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">{foundationTexts.eventDate}: </span>
            <time dateTime={event.date}>{formatDateRu(event.date)}</time>
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">{foundationTexts.eventTime}: </span>
            {event.startTime}–{event.endTime}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="sr-only">{foundationTexts.eventPlace}: </span>
            {event.location}
          </li>
        </ul>
      </div>
      <Link
        to={`/events/${event.id}`}
        className={clsx(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'shrink-0 self-start sm:self-center',
        )}
      >
        {past ? foundationTexts.archive : foundationTexts.details}
        <span className="sr-only">: {event.title}</span>
      </Link>
    </li>
  );
}

export const loadFoundationDetailPage: PageLoad = async ({ params, queryClient }) => {
  const id = foundationIdOf(params.id);
  if (id !== undefined) await queryClient.ensureQueryData(foundationQuery(id));
};
