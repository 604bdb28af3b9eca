import { Building2, CalendarCheck, Clock, GraduationCap, type LucideIcon } from 'lucide-react';
import type { PlatformImpact } from '../../../shared/impact';
import { pluralForm } from '../../../shared/plural';
import type { PageLoad } from '../../lib/page-load';
import { platformImpactQuery, usePlatformImpact } from './api/platform-impact';
import { impactTexts } from './texts';

const figures: { key: keyof PlatformImpact; icon: LucideIcon }[] = [
  { key: 'schools', icon: GraduationCap },
  { key: 'foundations', icon: Building2 },
  { key: 'eventsHeld', icon: CalendarCheck },
  { key: 'hoursCredited', icon: Clock },
];

const numbers = new Intl.NumberFormat('ru-RU');

/**
 * What the platform has done, from the database: a visitor deciding whether to join sees real schools,
 * foundations and hours. Nothing is shown until the figures arrive: zeros would be untrue.
 */
export function ImpactSection() {
  const { data } = usePlatformImpact();
  if (!data) return null;
  return (
    <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 pt-6 sm:pt-12">
      <h2 id="impact-heading" className="sr-only">
        {impactTexts.title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {figures.map(({ key, icon: Icon }) => (
          <li
            key={key}
            data-impact={key}
            className="flex items-start gap-3 rounded-xl border border-border bg-card p-3 sm:items-center sm:gap-4 sm:p-4"
          >
            <Icon
              aria-hidden
              className="mt-1 size-6 shrink-0 text-primary sm:mt-0 sm:size-7 dark:text-green-400"
            />
            <p className="leading-tight">
              <span className="block text-2xl font-bold sm:text-3xl">{numbers.format(data[key])}</span>{' '}
              <span className="text-sm text-muted-foreground">{pluralForm(data[key], impactTexts[key])}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const loadImpactSection: PageLoad = ({ queryClient }) =>
  queryClient.ensureQueryData(platformImpactQuery);
