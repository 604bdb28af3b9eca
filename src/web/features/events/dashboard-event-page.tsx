import { ArrowLeft, Pencil } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatDateRu } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useEvent } from './api';
import { eventStatusLabels } from './own-events-tab';

/** /dashboard/event/{id}: the foundation's own view of an event, with its number and an edit link. */
export function DashboardEventPage() {
  const params = useParams();
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const { data: event, isPending, isError } = useEvent(id);
  const back = (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Назад в личный кабинет
    </Link>
  );
  if (id !== undefined && isPending) return <Spinner className="min-h-[50vh]" />;
  if (id === undefined || isError || !event) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        {back}
        <Card className="mt-4 space-y-2 text-center">
          <h1 className="text-xl font-bold">Мероприятие не найдено</h1>
          <p className="text-muted-foreground">
            Возможно, мероприятие было удалено или у вас нет доступа к нему.
          </p>
        </Card>
      </div>
    );
  }
  const facts: [string, string][] = [
    ['Дата', formatDateRu(event.date)],
    ['Время', `${event.startTime}–${event.endTime}`],
    ['Место', event.location],
    [
      'Места',
      event.totalSlots === null
        ? 'Без ограничений'
        : `${event.remainingSlots} свободно из ${event.totalSlots}`,
    ],
    ['Возраст', event.ageRestriction ?? 'Без ограничений'],
    ['Волонтёрские часы', String(event.hours)],
    ['Статус', eventStatusLabels[event.status]],
    ['Участников (одобрено)', String(event.participantsCount)],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      {back}
      <Card className="space-y-4">
        <p className="text-sm text-muted-foreground">Мероприятие № {event.id}</p>
        <h1 className="text-2xl font-bold">{event.title}</h1>
        <dl className="grid gap-3 sm:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="whitespace-pre-line">{event.description}</p>
        <div className="flex flex-wrap gap-2">
          {event.status !== 'completed' ? (
            <Button asChild>
              <Link to={`/dashboard/edit-event/${event.id}`}>
                <Pencil aria-hidden />
                Редактировать
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`/events/${event.id}`}>Публичная страница</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
