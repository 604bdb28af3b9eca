import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModerationItem } from '../../../shared/admin';
import { adminPageSize } from '../../../shared/admin-lists';
import { directionLabels } from '../../../shared/catalog';
import { moderationDecisionSchema, moderationMessages } from '../../../shared/moderation';
import { type ModerationStatus, moderationStatuses, moderationStatusLabels } from '../../../shared/roles';
import { errorText } from '../../api/client';
import { ContactList } from '../../components/contact-list';
import { EmptyNote } from '../../components/empty-note';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useModerate } from './api/moderate-organisation';
import {
  type ModerationStatusFilter,
  type OrganisationTypeFilter,
  useModerationList,
} from './api/moderation-list';
import { FilterSelect } from './filter-select';
import { moderationTexts as t } from './moderation-texts';

const statusOptions: { value: ModerationStatusFilter; label: string }[] = [
  { value: 'all', label: t.all },
  ...moderationStatuses.map((status) => ({ value: status, label: moderationStatusLabels[status] })),
];

const typeOptions: { value: OrganisationTypeFilter; label: string }[] = [
  { value: 'all', label: t.typeFilterLabels.all },
  { value: 'foundation', label: t.typeFilterLabels.foundation },
  { value: 'school', label: t.typeFilterLabels.school },
];

const decisionOptions = (['approved', 'rejected', 'needs_changes'] as const).map((value) => ({
  value,
  label: t.decisions[value],
}));

const badgeClass: Record<ModerationStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  needs_changes: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
};

type DecisionFormInput = z.input<typeof moderationDecisionSchema>;
type DecisionFormOutput = z.output<typeof moderationDecisionSchema>;

function DecisionDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const moderate = useModerate();
  const form = useForm<DecisionFormInput, unknown, DecisionFormOutput>({
    resolver: zodResolver(moderationDecisionSchema),
    defaultValues: { comment: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('status');
  const name = item.name || item.username;

  const submit = form.handleSubmit((decision) =>
    moderate.mutate(
      { userId: item.id, decision },
      {
        onSuccess: () => {
          toast({ title: moderationMessages.done });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t.failure,
            description: errorText(error, t.failureFallback),
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={t.dialogTitle} description={`${name} · ${t.types[item.type]}`}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium">{t.decisionLegend}</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {decisionOptions.map((option) => (
                <label
                  key={option.value}
                  className={clsx(
                    'flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-primary',
                    chosen === option.value
                      ? 'border-primary bg-green-50 dark:bg-green-950'
                      : 'border-border',
                  )}
                >
                  <input
                    type="radio"
                    value={option.value}
                    className="accent-primary"
                    aria-invalid={errors.status ? true : undefined}
                    {...form.register('status')}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {errors.status ? (
              <p role="alert" className="text-sm text-destructive dark:text-red-400">
                {errors.status.message}
              </p>
            ) : null}
          </fieldset>
          <FormField label={t.commentLabel} error={errors.comment?.message} hint={t.commentHint}>
            <Textarea maxLength={2000} {...form.register('comment')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={moderate.isPending}>
              {moderate.isPending ? t.saving : t.save}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ModerationCard({ item }: { item: ModerationItem }) {
  const [deciding, setDeciding] = useState(false);
  const name = item.name || item.username;
  return (
    <li className="rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-semibold">{name}</p>
          <p className="text-sm text-muted-foreground">{t.types[item.type]}</p>
        </div>
        <span
          className={clsx('rounded-full px-2.5 py-1 text-xs font-medium', badgeClass[item.moderationStatus])}
        >
          {moderationStatusLabels[item.moderationStatus]}
        </span>
      </div>
      <ContactList
        className="mt-3"
        columns={2}
        showMissing
        contacts={[
          { kind: 'person', label: t.username, value: item.username },
          { kind: 'email', label: t.email, value: item.email },
          { kind: 'phone', label: t.phone, value: item.phone },
          { kind: 'address', label: t.address, value: item.address },
          { kind: 'website', label: t.website, value: item.website },
        ]}
      />
      <dl className="mt-3 grid gap-2 text-sm">
        {/* Only a foundation has fields of work. */}
        {item.type === 'foundation' ? (
          <div className="min-w-0">
            <dt className="text-muted-foreground">{t.directions}</dt>
            <dd>
              {item.directions.map((direction) => directionLabels[direction]).join(', ') || t.notSpecified}
            </dd>
          </div>
        ) : null}
        <div className="min-w-0">
          <dt className="text-muted-foreground">{t.description}</dt>
          <dd className="whitespace-pre-line">{item.description || t.notSpecified}</dd>
        </div>
      </dl>
      {item.moderationComment ? (
        <p className="mt-3 break-words rounded-md bg-muted p-2 text-sm">
          <span className="font-medium">{t.comment}:</span> {item.moderationComment}
        </p>
      ) : null}
      <div className="mt-3">
        <Button
          size="sm"
          className="w-full sm:w-auto"
          aria-label={t.decideLabel(name)}
          onClick={() => setDeciding(true)}
        >
          {t.decide}
        </Button>
      </div>
      {deciding ? <DecisionDialog item={item} onClose={() => setDeciding(false)} /> : null}
    </li>
  );
}

/** The moderation tab: organisations filtered by status and type, 20 per page, each with a decision. */
export function AdminModerationTab() {
  const [status, setStatus] = useState<ModerationStatusFilter>('all');
  const [type, setType] = useState<OrganisationTypeFilter>('all');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useModerationList(status, type, page);
  const totalPages = data ? Math.max(1, Math.ceil(data.totalCount / adminPageSize)) : 1;
  // Other filters show other organisations: their list starts at its first page.
  const filterBy =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  return (
    <section aria-labelledby="admin-moderation-title" className="space-y-4">
      <h2 id="admin-moderation-title" className="text-xl font-semibold">
        {t.title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect
          id="admin-moderation-status"
          label={t.statusFilter}
          value={status}
          options={statusOptions}
          onChange={filterBy(setStatus)}
        />
        <FilterSelect
          id="admin-moderation-type"
          label={t.typeFilter}
          value={type}
          options={typeOptions}
          onChange={filterBy(setType)}
        />
      </div>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <div role="alert" className="text-center">
          <p>{t.loadFailed}</p>
          <Button variant="outline" className="mt-2" onClick={() => void refetch()}>
            {t.retry}
          </Button>
        </div>
      ) : data.items.length === 0 ? (
        <EmptyNote>{t.empty}</EmptyNote>
      ) : (
        <div className="space-y-4">
          <ul className="space-y-3">
            {data.items.map((item) => (
              <ModerationCard key={item.id} item={item} />
            ))}
          </ul>
          <p className="text-center text-sm text-muted-foreground">
            {t.shown(data.items.length, data.totalCount)}
          </p>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} window={3} />
        </div>
      )}
    </section>
  );
}
