import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useNotifications } from '../../api/notifications';
import { Spinner } from '../../components/ui/spinner';
import { formatMomentDay } from '../../lib/app-time-zone';

export function NotificationList() {
  const { data, isPending, isError } = useNotifications();
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-muted-foreground">Не удалось загрузить уведомления</p>;
  if (data.length === 0) return <p className="text-muted-foreground">Уведомлений пока нет</p>;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border">
      {data.map((item) => (
        <li
          key={item.id}
          className={clsx('flex gap-3 p-4', item.isNew && 'bg-green-50 dark:bg-green-950/40')}
        >
          <Bell aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <p className="text-sm">
              {item.isNew ? <span className="sr-only">Новое: </span> : null}
              {item.link ? (
                <Link to={item.link} className="hover:underline">
                  {item.text}
                </Link>
              ) : (
                item.text
              )}
            </p>
            <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
              {formatMomentDay(item.createdAt)}
            </time>
          </div>
        </li>
      ))}
    </ul>
  );
}
