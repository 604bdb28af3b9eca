import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type ExportFormat, exportTitles } from '../../../shared/export-words';
import {
  type JournalEntryAnswer,
  type JournalKindGroup,
  type JournalPage,
  journalKindGroups,
  journalKindLabels,
  journalQuerySchema,
} from '../../../shared/journal';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { emptyJournalFilters, hasJournalFilters, type JournalFilters } from '../../lib/journal-filters';
import { EmptyNote } from '../empty-note';
import { ExportButtons } from '../export-buttons';
import { LoadError } from '../load-error';
import { Pagination } from '../pagination';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { FormField } from '../ui/form-field';
import { Input, Select } from '../ui/input';
import { ListSkeleton } from '../ui/list-skeleton';
import { journalActorText, journalChanges } from './journal-entry-text';
import { journalListTexts as t } from './journal-texts';

/** The days a journal's period may take, as the API's schema accepts them (school-year.ts). */
const firstDay = '2000-01-01';
const lastDay = '2100-12-31';
/** Rows of the skeleton: a page's worth of the shorter entries. */
const skeletonRows = 5;

type FilterProblems = Partial<Record<'from' | 'to' | 'kind', string>>;

/** What is wrong with the filters, by the API's own schema; nothing when the list may be asked for them. */
function problemsOf(filters: JournalFilters): FilterProblems | undefined {
  const parsed = journalQuerySchema.safeParse({
    from: filters.from || undefined,
    to: filters.to || undefined,
    kind: filters.kind || undefined,
  });
  if (parsed.success) return undefined;
  const problems: FilterProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'from' || field === 'to' || field === 'kind') && !problems[field]) {
      problems[field] = issue.message;
    }
  }
  return problems;
}

const kindGroups = Object.keys(journalKindGroups) as JournalKindGroup[];

/**
 * The journal of who did what (issue 53, item 4) as a card: the period and the kind of entries, the
 * downloads of what the filters show, the entries newest first and their pages. `useJournal` reads the
 * page from the reader's address (the organisation's or the administrator's); `withOrganisation` names
 * each person's organisation beside them, for the administrator, who reads every organisation's entries.
 */
export function JournalView({
  heading,
  note,
  useJournal,
  exportAddressOf,
  withOrganisation = false,
}: {
  heading: string;
  note?: string;
  useJournal: (filters: JournalFilters, page: number) => UseQueryResult<JournalPage>;
  exportAddressOf: (format: ExportFormat, filters: JournalFilters) => string;
  withOrganisation?: boolean;
}) {
  const headingId = useId();
  // What the fields show, and the last filters that the API would take: a period typed backwards keeps
  // the list it had, under the reason it is not narrowed yet.
  const [draft, setDraft] = useState<JournalFilters>(emptyJournalFilters);
  const [applied, setApplied] = useState<JournalFilters>(emptyJournalFilters);
  const [page, setPage] = useState(1);
  const problems = problemsOf(draft);
  const change = (next: JournalFilters) => {
    setDraft(next);
    if (!problemsOf(next)) {
      setApplied(next);
      setPage(1);
    }
  };
  const { data, isPending, isError, refetch } = useJournal(applied, page);

  return (
    <Card padding="responsive" className="space-y-4" role="region" aria-labelledby={headingId}>
      <div className="space-y-0.5">
        <h2 id={headingId} className="text-lg font-semibold">
          {heading}
        </h2>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </div>
      <JournalFilterFields filters={draft} problems={problems ?? {}} onChange={change} />
      <ExportButtons
        label={t.exportLabel}
        fileTitle={exportTitles.journal}
        addressOf={(format) => exportAddressOf(format, applied)}
      />
      {isPending ? (
        <ListSkeleton rows={skeletonRows} rowClassName="h-24" label={t.loading} />
      ) : isError ? (
        <LoadError text={t.loadFailed} onRetry={() => void refetch()} />
      ) : data.pagination.totalCount === 0 ? (
        <EmptyNote>{hasJournalFilters(applied) ? t.emptyFiltered : t.empty}</EmptyNote>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t.shown(data.entries.length, data.pagination.totalCount)}
          </p>
          <JournalEntryList entries={data.entries} withOrganisation={withOrganisation} />
          <Pagination
            page={page}
            totalPages={data.pagination.totalPages}
            onPageChange={setPage}
            window={5}
            label={t.pagesLabel}
          />
        </>
      )}
    </Card>
  );
}

/** The period and the kind of entries, each field labelled, each refusal said under its field. */
function JournalFilterFields({
  filters,
  problems,
  onChange,
}: {
  filters: JournalFilters;
  problems: FilterProblems;
  onChange: (next: JournalFilters) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t.filtersLabel}</legend>
      <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3">
        <FormField label={t.from} error={problems.from}>
          <Input
            type="date"
            min={firstDay}
            max={filters.to || lastDay}
            value={filters.from}
            onChange={(event) => onChange({ ...filters, from: event.target.value })}
          />
        </FormField>
        <FormField label={t.to} error={problems.to}>
          <Input
            type="date"
            min={filters.from || firstDay}
            max={lastDay}
            value={filters.to}
            onChange={(event) => onChange({ ...filters, to: event.target.value })}
          />
        </FormField>
        <div className="col-span-2 sm:col-span-1">
          <FormField label={t.kind} error={problems.kind}>
            <Select
              value={filters.kind}
              onChange={(event) => {
                const kind = kindGroups.find((group) => group === event.target.value) ?? '';
                onChange({ ...filters, kind });
              }}
            >
              <option value="">{t.allKinds}</option>
              {kindGroups.map((group) => (
                <option key={group} value={group}>
                  {journalKindGroups[group]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      </div>
      {hasJournalFilters(filters) ? (
        <Button type="button" variant="outline" size="sm" onClick={() => onChange(emptyJournalFilters)}>
          {t.clearFilters}
        </Button>
      ) : null}
    </fieldset>
  );
}

/**
 * The entries as a list a screen reader can walk by headings: each is an article headed by what happened,
 * with when, who, the event and what changed under it.
 */
export function JournalEntryList({
  entries,
  withOrganisation = false,
}: {
  entries: readonly JournalEntryAnswer[];
  withOrganisation?: boolean;
}) {
  return (
    <ol aria-label={t.listLabel} className="divide-y divide-border">
      {entries.map((entry) => (
        <li key={entry.id} className="py-3 first:pt-0 last:pb-0">
          <JournalEntryItem entry={entry} withOrganisation={withOrganisation} />
        </li>
      ))}
    </ol>
  );
}

function JournalEntryItem({
  entry,
  withOrganisation,
}: {
  entry: JournalEntryAnswer;
  withOrganisation: boolean;
}) {
  const headingId = useId();
  const changes = journalChanges(entry);
  return (
    <article aria-labelledby={headingId} className="space-y-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h3 id={headingId} className="font-medium wrap-anywhere">
          {journalKindLabels[entry.kind]}
        </h3>
        <time dateTime={entry.at} className="text-sm text-muted-foreground">
          {formatMomentDateTime(entry.at)}
        </time>
      </div>
      <dl className="grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">{t.who}</dt>
        <dd className="wrap-anywhere">{journalActorText(entry.actor, withOrganisation)}</dd>
        {entry.eventTitle ? (
          <>
            <dt className="text-muted-foreground">{t.event}</dt>
            <dd className="wrap-anywhere">{entry.eventTitle}</dd>
          </>
        ) : null}
        {changes.length > 0 ? (
          <>
            <dt className="text-muted-foreground">{t.changes}</dt>
            <dd>
              <ul className="space-y-0.5">
                {changes.map((change) => (
                  <li key={change.key} className="wrap-anywhere">
                    {change.field}: {change.text}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
