import { LogOut } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { type ComponentType, useState } from 'react';
import { exportMessages, exportTitles } from '../../../shared/export-words';
import { exportAddresses } from '../../api/export-addresses';
import { useCurrentUser } from '../../api/session';
import { LazyPanel } from '../../components/lazy-panel';
import { usePageHead } from '../../components/page-head';
import { SchoolYearExport } from '../../components/school-year-export';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { lazyNamed } from '../../lib/lazy-named';
import type { PageLoad } from '../../lib/page-load';
import { useSignOut } from '../../lib/use-sign-out';
import { adminStatsQuery, useAdminStats } from './api/admin-stats';
import {
  AdminApplicationsTab,
  AdminEventsTab,
  AdminReportsTab,
  AdminUsersTab,
  loadAdminUsersTab,
} from './list-tabs';
import { adminTexts as t } from './texts';

// The lists come with the page (the users' list is the first tab); the tabs with forms and charts load
// their code when opened. With them, /admin's first visit downloaded 206 KB of gzipped script; the
// budget of every page is 150 KB (issue 27).
const AdminModerationTab = lazyNamed(() => import('./moderation-tab'), 'AdminModerationTab');
const AdminHoursTab = lazyNamed(() => import('./hours-tab'), 'AdminHoursTab');
const AdminNewsTab = lazyNamed(() => import('./news-tab'), 'AdminNewsTab');
const AdminMailTab = lazyNamed(() => import('./mail-tab'), 'AdminMailTab');
const AdminSettingsTab = lazyNamed(() => import('./settings-tab'), 'AdminSettingsTab');
const AdminJournalTab = lazyNamed(() => import('./journal-tab'), 'AdminJournalTab');

type TabId = keyof typeof t.tabs;
const tabIds = Object.keys(t.tabs) as TabId[];

// Every panel sits in a LazyPanel: the ones whose code loads on opening show its spinner meanwhile, the
// lists that come with the page never wait there.
const panels: Record<TabId, ComponentType> = {
  users: AdminUsersTab,
  moderation: AdminModerationTab,
  events: AdminEventsTab,
  applications: AdminApplicationsTab,
  reports: AdminReportsTab,
  hours: AdminHoursTab,
  news: AdminNewsTab,
  mail: AdminMailTab,
  journal: AdminJournalTab,
  settings: AdminSettingsTab,
};

function Counters() {
  const { data, isError } = useAdminStats();
  if (isError) return <p role="alert">{t.loadFailed}</p>;
  const counters = [
    {
      label: t.counters.users,
      value: data?.users.total,
      note: data ? t.counters.split(data.users.foundations, data.users.schools, data.users.volunteers) : '',
    },
    { label: t.counters.foundations, value: data?.foundations },
    { label: t.counters.events, value: data?.events },
    { label: t.counters.applications, value: data?.registrations },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {counters.map((counter) => (
        <div key={counter.label} className="rounded-xl border border-border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{counter.label}</dt>
          <dd className="text-2xl font-bold">{counter.value ?? '—'}</dd>
          {counter.note ? <dd className="text-xs text-muted-foreground">{counter.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin: welcome, counters, the seven tabs of working-areas.md section 2, the hours (issue 25), the mail
 * (issue 26) and the journal of who did what (issue 53).
 */
export function AdminPage() {
  usePageHead({ title: t.title });
  const { data: user } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const [tab, setTab] = useState<TabId>('users');
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{t.title}</h1>
          <p className="text-muted-foreground">{t.welcome(user?.username ?? '')}</p>
        </div>
        <ConfirmDialog
          title={t.logoutConfirm}
          confirmText={t.logout}
          trigger={
            <Button variant="outline" disabled={isPending}>
              <LogOut aria-hidden />
              {isPending ? t.loggingOut : t.logout}
            </Button>
          }
          onConfirm={signOut}
        />
      </Card>
      <Counters />
      <Card className="space-y-3">
        <h2 className="text-lg font-semibold">{exportMessages.hoursOfYear}</h2>
        <SchoolYearExport
          label={exportMessages.hoursOfYear}
          fileTitle={exportTitles.hours}
          addressOf={(format, { from, to }) => exportAddresses.admin('hours', format, { from, to })}
        />
      </Card>
      <Tabs.Root value={tab} onValueChange={(next) => setTab(next as TabId)}>
        {/* One row that scrolls sideways on a phone rather than three rows of tabs (issue 22, item 18). */}
        <Tabs.List aria-label={t.tabsLabel} className="flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
          {tabIds.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="flex-1 shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {t.tabs[id]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-6">
          {tabIds.map((id) => {
            const Panel = panels[id];
            return (
              <Tabs.Content key={id} value={id}>
                <LazyPanel>
                  <Panel />
                </LazyPanel>
              </Tabs.Content>
            );
          })}
        </div>
      </Tabs.Root>
    </div>
  );
}

/** The counters and the list of the tab that opens first. */
export const loadAdminPage: PageLoad = ({ queryClient }) =>
  Promise.all([queryClient.ensureQueryData(adminStatsQuery), loadAdminUsersTab(queryClient)]);
