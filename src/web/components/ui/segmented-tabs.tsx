import { clsx } from 'clsx';
import { Tabs } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Two tabs drawn as a segmented control: a muted bar of equal halves, the open one lifted as a card. */
export function SegmentedTabs({
  label,
  listClassName,
  tabs,
  ...root
}: Omit<ComponentProps<typeof Tabs.Root>, 'children'> & {
  label: string;
  listClassName?: string;
  tabs: readonly { value: string; label: string; panel: ReactNode }[];
}) {
  return (
    <Tabs.Root {...root}>
      <Tabs.List
        aria-label={label}
        className={clsx('mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1', listClassName)}
      >
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
