import { clsx } from 'clsx';
import { useId } from 'react';
import {
  type ActivityType,
  type AgeRange,
  activityTypeLabels,
  activityTypes,
  ageRanges,
  datePresets,
} from '../../../shared/catalog';
import type { EventFilters as Filters } from '../../../shared/list-addresses';
import { CheckboxGroup } from '../../components/checkbox-group';
import { FoldingFilters } from '../../components/folding-filters';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/input';
import { useEventCities } from './api/event-cities';
import { eventTexts } from './texts';

interface EventFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
}

const optionClass = (active: boolean) =>
  clsx(
    'rounded-md border px-3 py-1.5 text-left text-sm transition-colors',
    active
      ? 'border-primary bg-green-50 font-medium text-green-900 dark:bg-green-950 dark:text-green-100'
      : 'border-border hover:bg-muted',
  );

/** The left panel of event filters; folds away on small screens. Every change applies at once. */
export function EventFilters({ filters, onChange }: EventFiltersProps) {
  const cityId = useId();
  const cities = useEventCities().data?.cities ?? [];
  // A city from a link that no visible event has any more stays selectable, so the select shows it.
  const cityOptions = filters.city && !cities.includes(filters.city) ? [filters.city, ...cities] : cities;
  const toggleType = (type: ActivityType) =>
    onChange({
      ...filters,
      types: filters.types.includes(type)
        ? filters.types.filter((item) => item !== type)
        : [...filters.types, type],
    });
  const isFiltered =
    filters.date !== 'all' || filters.age !== 'all' || filters.types.length > 0 || filters.city !== '';

  return (
    <aside aria-label={eventTexts.filters} className="lg:w-64 lg:shrink-0">
      <FoldingFilters
        showLabel={eventTexts.showFilters}
        hideLabel={eventTexts.hideFilters}
        buttonClassName="w-full lg:hidden"
        panelClassName="mt-4 space-y-6 rounded-xl border border-border bg-card p-4 lg:mt-0 lg:block"
        foldedClassName="hidden"
      >
        <div>
          <label htmlFor={cityId} className="mb-2 block text-sm font-semibold">
            {eventTexts.cityFilter}
          </label>
          <Select
            id={cityId}
            value={filters.city}
            onChange={(event) => onChange({ ...filters, city: event.target.value })}
          >
            <option value="">{eventTexts.allCities}</option>
            {cityOptions.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </Select>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{eventTexts.dateFilter}</legend>
          <div className="flex flex-col gap-1.5">
            {(['all', ...datePresets] as const).map((preset) => (
              <button
                key={preset}
                type="button"
                aria-pressed={filters.date === preset}
                className={optionClass(filters.date === preset)}
                onClick={() => onChange({ ...filters, date: preset })}
              >
                {preset === 'all' ? eventTexts.allDates : eventTexts.datePresets[preset]}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{eventTexts.ageFilter}</legend>
          <div className="flex flex-wrap gap-1.5">
            {(['all', ...ageRanges] as ('all' | AgeRange)[]).map((age) => (
              <button
                key={age}
                type="button"
                aria-pressed={filters.age === age}
                className={optionClass(filters.age === age)}
                onClick={() => onChange({ ...filters, age })}
              >
                {age === 'all' ? eventTexts.allAges : age}
              </button>
            ))}
          </div>
        </fieldset>
        <CheckboxGroup
          legend={eventTexts.typeFilter}
          options={activityTypes}
          labels={activityTypeLabels}
          checked={filters.types}
          onToggle={toggleType}
          className="flex flex-col gap-2"
        />
        {isFiltered ? (
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            onClick={() => onChange({ ...filters, date: 'all', age: 'all', types: [], city: '' })}
          >
            {eventTexts.resetFilters}
          </Button>
        ) : null}
      </FoldingFilters>
    </aside>
  );
}
