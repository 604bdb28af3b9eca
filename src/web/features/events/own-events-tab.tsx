import type { QueryClient } from '@tanstack/react-query';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { eventStatusLabels } from '../../../shared/catalog';
import { formatDateRu } from '../../../shared/dates';
import type { EventSummary } from '../../../shared/events';
import type { Profile } from '../../../shared/profile';
import { moderationStatusLabels } from '../../../shared/roles';
import { errorText } from '../../api/client';
import { EmptyNote } from '../../components/empty-note';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListSkeleton } from '../../components/ui/list-skeleton';
import { toast } from '../../components/ui/toast';
import { useDeleteEvent } from './api/delete-event';
import { ownEventPageQuery, ownEventsPageSize, useOwnEventPage } from './api/own-events';
import { CompleteEventDialog } from './complete-event-dialog';

const listId = 'own-events';

/**
 * The foundation's events on its dashboard, a page at a time: view, create, edit, complete and delete,
 * each confirmed. A foundation of several years has hundreds of events; drawn at once they took the
 * phone two seconds of script (issue 27).
 */
export function OwnEventsTab({ profile }: { profile: Profile }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useOwnEventPage(page);
  const remove = useDeleteEvent();
  const approved = profile.moderationStatus === 'approved';
  const totalPages = Math.ceil((data?.totalCount ?? 0) / ownEventsPageSize);
  // Deleting the last event of the last page leaves that page empty: the one before it is shown instead.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages]);

  const changePage = (next: number) => {
    setPage(next);
    document.getElementById(listId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const destroy = (event: EventSummary) =>
    remove.mutate(event.id, {
      onSuccess: () => toast({ title: 'Мероприятие удалено', description: event.title }),
      onError: (error) =>
        toast({
          title: 'Ошибка при удалении мероприятия',
          description: errorText(error, 'Не удалось удалить мероприятие'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="space-y-3 sm:space-y-6">
      {/* Small on a phone, so the first event is on the first screen (issue 22, item 18). */}
      <Card
        padding="responsive"
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 className="text-lg font-semibold">Мои мероприятия</h2>
          {approved ? null : (
            <p className="text-sm text-muted-foreground">
              Создание мероприятий станет доступно после одобрения модератором. Сейчас:{' '}
              {profile.moderationStatus ? moderationStatusLabels[profile.moderationStatus] : ''}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {approved ? (
            <Button asChild size="sm">
              <Link to="/dashboard/create-event">
                <Plus aria-hidden />
                Создать мероприятие
              </Link>
            </Button>
          ) : null}
          {[
            { to: '/events', label: 'Найти мероприятия' },
            { to: '/foundations', label: 'Каталог фондов' },
            { to: '/volunteer-requests', label: 'Заявки на волонтёров' },
          ].map(({ to, label }) => (
            <Link
              key={to}
              to={to}
              className="inline-flex min-h-6 items-center text-sm font-medium text-primary hover:underline dark:text-green-400"
            >
              {label}
            </Link>
          ))}
        </div>
      </Card>

      {isPending ? (
        <ListSkeleton rows={ownEventsPageSize} rowClassName="h-48 lg:h-24" label="Загрузка мероприятий…" />
      ) : isError ? (
        <div role="alert" className="text-center">
          <p>Не удалось загрузить мероприятия</p>
          <Button variant="outline" className="mt-2" onClick={() => void refetch()}>
            Попробовать снова
          </Button>
        </div>
      ) : data.events.length === 0 && data.totalCount === 0 ? (
        <EmptyNote>У фонда пока нет мероприятий</EmptyNote>
      ) : (
        <ul id={listId} className="scroll-mt-4 space-y-3">
          {data.events.map((event) => (
            <li key={event.id} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold">{event.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatDateRu(event.date)} · {event.startTime}–{event.endTime} · {event.location}
                  </p>
                  <p className="mt-1 text-sm">
                    <span className="rounded-full bg-muted px-2 py-0.5">
                      {eventStatusLabels[event.status]}
                    </span>{' '}
                    Участников: {event.participantsCount}
                    {event.totalSlots === null ? '' : ` из ${event.totalSlots}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/dashboard/event/${event.id}`} aria-label={`Просмотр: ${event.title}`}>
                      <Eye aria-hidden />
                      Просмотр
                    </Link>
                  </Button>
                  {event.status !== 'completed' ? (
                    <>
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to={`/dashboard/edit-event/${event.id}`}
                          aria-label={`Редактировать: ${event.title}`}
                        >
                          <Pencil aria-hidden />
                          Редактировать
                        </Link>
                      </Button>
                      <CompleteEventDialog event={event} />
                    </>
                  ) : null}
                  <ConfirmDialog
                    title="Удалить мероприятие?"
                    description="Мероприятие и все заявки на него будут удалены. Начисленные часы у школ сохранятся."
                    confirmText="Удалить"
                    destructive
                    trigger={
                      <Button variant="ghost" size="sm" disabled={remove.isPending}>
                        <Trash2 aria-hidden />
                        Удалить
                      </Button>
                    }
                    onConfirm={() => destroy(event)}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        onPageChange={changePage}
        window={3}
        label="Страницы мероприятий фонда"
      />
    </div>
  );
}

export const loadOwnEventsTab = (queryClient: QueryClient) =>
  queryClient.ensureQueryData(ownEventPageQuery(1));
