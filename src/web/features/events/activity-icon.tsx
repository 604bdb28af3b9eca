import { BookOpen, Drama, HandHeart, HeartHandshake, Leaf, type LucideProps, Trophy } from 'lucide-react';
import type { ActivityType } from '../../../shared/catalog';

const activityIcons: Record<ActivityType, typeof Leaf> = {
  ecology: Leaf,
  education: BookOpen,
  social: HandHeart,
  sport: Trophy,
  culture: Drama,
};

/** The picture of an event's activity type; an unknown type (old data) gets a generic helping hands. */
export function ActivityIcon({ type, ...props }: { type: ActivityType } & LucideProps) {
  const Icon = activityIcons[type] ?? HeartHandshake;
  return <Icon aria-hidden data-activity-icon={type} {...props} />;
}
