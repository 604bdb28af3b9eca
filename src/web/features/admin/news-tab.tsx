import { clsx } from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { adminPageSize } from '../../../shared/admin-lists';
import type { AdminNewsItem } from '../../../shared/admin-news';
import { newsCategories } from '../../../shared/catalog';
import { errorText } from '../../api/client';
import { EmptyNote } from '../../components/empty-note';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { formatMomentDay } from '../../lib/app-time-zone';
import { type AdminNewsFilters, useAdminNews } from './api/admin-news';
import { useDeleteAdminNews } from './api/delete-admin-news';
import { useSaveAdminNews } from './api/save-admin-news';
import { NewsForm } from './news-form';
import { adminNewsTexts as texts } from './news-texts';

/** How long the search waits after the last keystroke before it asks the server. */
const searchDelay = 400;

type DialogState = { mode: 'create' } | { mode: 'edit'; item: AdminNewsItem } | null;

/** The administrator's News tab: drafts and published items, with filters, paging, create, edit, delete. */
export function AdminNewsTab() {
  const headingId = useId();
  const searchId = useId();
  const [category, setCategory] = useState<AdminNewsFilters['category']>('');
  const [searchDraft, setSearchDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<DialogState>(null);

  const filters: AdminNewsFilters = { category, search };
  const list = useAdminNews(filters, page);
  const save = useSaveAdminNews();
  const remove = useDeleteAdminNews();

  const applySearch = (value: string) => {
    setSearch(value.trim());
    setPage(1);
  };

  // The search is applied once typing stops; Enter applies it at once.
  useEffect(() => {
    const next = searchDraft.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, searchDelay);
    return () => clearTimeout(timer);
  }, [searchDraft, search]);

  const totalCount = list.data?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / adminPageSize));

  // A deletion can empty the last page: step back to the one that still has items.
  useEffect(() => {
    if (list.data && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);

  const togglePublished = (item: AdminNewsItem) =>
    save.mutate(
      {
        id: item.id,
        values: {
          title: item.title,
          content: item.content,
          // Left out, the stored picture stays as it is.
          image: undefined,
          category: item.category,
          foundationId: item.foundationId,
          isPublished: !item.isPublished,
        },
      },
      {
        onSuccess: () => toast({ title: texts.updated }),
        onError: (error) =>
          toast({
            title: texts.error,
            description: errorText(error, texts.saveFailed),
            variant: 'destructive',
          }),
      },
    );

  const deleteItem = (item: AdminNewsItem) =>
    remove.mutate(item.id, {
      onSuccess: (answer) => toast({ title: answer.message || texts.deleted }),
      onError: (error) =>
        toast({
          title: texts.error,
          description: errorText(error, texts.deleteFailed),
          variant: 'destructive',
        }),
    });

  const categoryOptions: { value: AdminNewsFilters['category']; label: string }[] = [
    { value: '', label: texts.allCategories },
    ...newsCategories.map((value) => ({ value, label: texts.categoryLabels[value] })),
  ];

  return (
    <Card padding="responsive" className="space-y-4">
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id={headingId} className="text-xl font-semibold">
            {texts.heading}
          </h2>
          <Button className="w-full sm:w-auto" onClick={() => setDialog({ mode: 'create' })}>
            <Plus aria-hidden />
            {texts.create}
          </Button>
        </div>

        <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
          <fieldset className="space-y-1.5">
            <legend className="mb-1.5 block text-sm font-medium">{texts.filterCategory}</legend>
            <div className="flex flex-wrap gap-2">
              {categoryOptions.map((option) => (
                <Button
                  key={option.value || 'all'}
                  type="button"
                  size="sm"
                  variant={category === option.value ? 'primary' : 'outline'}
                  aria-pressed={category === option.value}
                  onClick={() => {
                    setCategory(option.value);
                    setPage(1);
                  }}
                >
                  {option.label}
                </Button>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1.5 lg:ml-auto lg:w-72">
            <label htmlFor={searchId} className="block text-sm font-medium">
              {texts.search}
            </label>
            <Input
              id={searchId}
              type="search"
              value={searchDraft}
              placeholder={texts.searchPlaceholder}
              maxLength={100}
              onChange={(event) => setSearchDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applySearch(searchDraft);
                }
              }}
            />
          </div>
        </div>

        {list.isPending ? (
          <Spinner label={texts.loading} />
        ) : list.isError ? (
          <div className="space-y-3 rounded-xl border border-destructive/40 p-6 text-center">
            <p role="alert" className="text-destructive dark:text-red-400">
              {errorText(list.error, texts.loadFailed)}
            </p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {texts.retry}
            </Button>
          </div>
        ) : list.data.items.length === 0 ? (
          <EmptyNote>{texts.empty}</EmptyNote>
        ) : (
          <ul
            className={clsx('space-y-3', list.isPlaceholderData && 'opacity-60')}
            aria-busy={list.isFetching}
          >
            {list.data.items.map((item) => (
              <NewsRow
                key={item.id}
                item={item}
                toggling={save.isPending && save.variables?.id === item.id}
                deleting={remove.isPending && remove.variables === item.id}
                onEdit={() => setDialog({ mode: 'edit', item })}
                onToggle={() => togglePublished(item)}
                onDelete={() => deleteItem(item)}
              />
            ))}
          </ul>
        )}

        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          window={5}
          label={texts.pages}
        />
      </section>

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        {dialog ? (
          <DialogContent title={dialog.mode === 'edit' ? texts.editTitle : texts.createTitle}>
            <NewsForm
              key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
              item={dialog.mode === 'edit' ? dialog.item : undefined}
              onDone={() => setDialog(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </Card>
  );
}

interface NewsRowProps {
  item: AdminNewsItem;
  toggling: boolean;
  deleting: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function NewsRow({ item, toggling, deleting, onEdit, onToggle, onDelete }: NewsRowProps) {
  const preview = item.preview.length < item.content.length ? `${item.preview}…` : item.preview;
  return (
    <li className="space-y-2 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start gap-2">
        <h3 className="min-w-0 flex-1 font-semibold break-words">{item.title}</h3>
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            item.isPublished
              ? 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100'
              : 'bg-muted text-muted-foreground',
          )}
        >
          {item.isPublished ? texts.published : texts.draft}
        </span>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span>{texts.categoryLabels[item.category]}</span>
        {item.foundation ? <span>{texts.foundationOf(item.foundation.name)}</span> : null}
        <time dateTime={item.createdAt}>{formatMomentDay(item.createdAt)}</time>
      </p>
      <p className="text-sm break-words">{preview}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          {texts.edit}
        </Button>
        <Button variant="outline" size="sm" disabled={toggling} onClick={onToggle}>
          {item.isPublished ? texts.unpublish : texts.publish}
        </Button>
        <ConfirmDialog
          title={texts.deleteConfirmTitle}
          description={item.title}
          confirmText={texts.deleteConfirm}
          destructive
          onConfirm={onDelete}
          trigger={
            <Button
              variant="ghost"
              size="icon"
              className="ml-auto text-destructive"
              aria-label={texts.deleteLabel(item.title)}
              disabled={deleting}
            >
              <Trash2 aria-hidden />
            </Button>
          }
        />
      </div>
    </li>
  );
}
