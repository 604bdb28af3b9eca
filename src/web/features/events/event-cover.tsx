import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { activityTypeLabels, unknownLabel } from '../../../shared/catalog';
import type { EventSummary } from '../../../shared/events';
import { CoverImage } from '../../components/cover-image';
import { ActivityIcon } from './activity-icon';

/** The card's cover is small; the event page's is large, with a larger icon and larger badges. */
const sizes = {
  card: { icon: 'size-14', badge: 'top-3 px-2.5 text-xs', left: 'left-3', right: 'right-3' },
  page: { icon: 'size-20', badge: 'top-4 px-3 text-sm', left: 'left-4', right: 'right-4' },
};

/** An event's picture (or its activity's icon) with the activity type on it, and `corner` in the other corner. */
export function EventCover({
  event,
  size,
  corner,
  className,
}: {
  event: Pick<EventSummary, 'image' | 'title' | 'activityType'>;
  size: keyof typeof sizes;
  corner: ReactNode;
  className?: string;
}) {
  const { icon, badge, left, right } = sizes[size];
  return (
    <div className={clsx('relative', className)}>
      <CoverImage
        src={event.image}
        title={event.title}
        className="aspect-[16/9] w-full"
        placeholder={<ActivityIcon type={event.activityType} className={icon} strokeWidth={1.5} />}
      />
      <span
        className={clsx('absolute rounded-full bg-white/90 py-1 font-medium text-slate-900', badge, left)}
      >
        {activityTypeLabels[event.activityType] ?? unknownLabel}
      </span>
      {corner ? (
        <span
          className={clsx('absolute rounded-full bg-slate-900/85 py-1 font-medium text-white', badge, right)}
        >
          {corner}
        </span>
      ) : null}
    </div>
  );
}
