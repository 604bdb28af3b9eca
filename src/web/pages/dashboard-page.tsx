import { clsx } from 'clsx';
import { LogOut, Pencil } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Profile } from '../../shared/profile';
import type { MemberRole } from '../../shared/roles';
import { errorText } from '../api/client';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useHasNewNotifications } from '../api/notification-check';
import { profileQuery, useProfile } from '../api/profile';
import { useCurrentUser } from '../api/session';
import { LazyPanel } from '../components/lazy-panel';
import { FramedLoadError } from '../components/load-error';
import { usePageHead } from '../components/page-head';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { CalendarFeedCard, loadCalendarFeedCard } from '../features/calendar-feed/calendar-feed-card';
import { SchoolEventsTab } from '../features/dashboard/school-tabs';
import { dashboardPageTitle, dashboardTexts } from '../features/dashboard/texts';
import { loadOwnEventsTab, OwnEventsTab } from '../features/events/own-events-tab';
import { lazyNamed } from '../lib/lazy-named';
import type { PageLoad } from '../lib/page-load';
import { useSignOut } from '../lib/use-sign-out';

// The first tab comes with the page; every other tab loads its code when it is opened. With them all,
// the dashboard's first visit downloaded 214 KB of gzipped script (its forms, charts and dialogs among
// them) for a tab of events; the budget of every page is 150 KB (issue 27).
const ApplicationsTab = lazyNamed(() => import('../features/dashboard/foundation-tabs'), 'ApplicationsTab');
const ReportsTab = lazyNamed(() => import('../features/dashboard/foundation-tabs'), 'ReportsTab');
const ProfileTab = lazyNamed(() => import('../features/dashboard/profile-tab'), 'ProfileTab');
const TeamTab = lazyNamed(() => import('../features/team/team-tab'), 'TeamTab');
const JournalTab = lazyNamed(() => import('../features/journal/journal-tab'), 'JournalTab');
const CertificateCard = lazyNamed(
  () => import('../features/certificates/certificate-card'),
  'CertificateCard',
);
const FoundationHoursTab = lazyNamed(
  () => import('../features/hour-reports/foundation-hours-tab'),
  'FoundationHoursTab',
);
const SchoolHoursTab = lazyNamed(() => import('../features/hour-reports/school-hours-tab'), 'SchoolHoursTab');
const NotificationSettingsCard = lazyNamed(
  () => import('../features/notification-settings/notification-settings-card'),
  'NotificationSettingsCard',
);
const SchoolApplicationsTab = lazyNamed(
  () => import('../features/applications/school-dashboard-tabs'),
  'SchoolApplicationsTab',
);
const SchoolArchiveTab = lazyNamed(
  // Picked out: the module's other tab takes no props, and lazyNamed would infer the props from it.
  () =>
    import('../features/applications/school-dashboard-tabs').then(({ SchoolArchiveTab }) => ({
      SchoolArchiveTab,
    })),
  'SchoolArchiveTab',
);

type TabId =
  | 'events'
  | 'applications'
  | 'reports'
  | 'volunteer-requests'
  | 'archive'
  | 'hours'
  | 'team'
  | 'journal'
  | 'profile';

/** The journal is for an organisation's owners and viewers (issue 53, item 4); a coordinator keeps six tabs. */
const tabsByRole = (role: Profile['role'], memberRole: MemberRole | null | undefined): TabId[] => {
  const journal: TabId[] = memberRole === 'owner' || memberRole === 'viewer' ? ['journal'] : [];
  return role === 'foundation'
    ? ['events', 'applications', 'reports', 'hours', 'team', ...journal, 'profile']
    : role === 'school'
      ? ['events', 'volunteer-requests', 'archive', 'hours', 'team', ...journal, 'profile']
      : ['events', 'profile'];
};

const tabLabels: Record<TabId, string> = {
  events: dashboardTexts.tabs.events,
  applications: dashboardTexts.tabs.applications,
  reports: dashboardTexts.tabs.reports,
  'volunteer-requests': dashboardTexts.tabs.volunteerRequests,
  archive: dashboardTexts.tabs.archive,
  hours: dashboardTexts.tabs.hours,
  team: dashboardTexts.tabs.team,
  journal: dashboardTexts.tabs.journal,
  profile: dashboardTexts.tabs.profile,
};

/** The tab list's grid and each tab's place in it, by how many tabs the account has. */
const tabLayouts: Record<2 | 6 | 7, { list: string; tab: (index: number) => string }> = {
  2: { list: 'grid-cols-2', tab: () => 'md:px-2 md:text-sm' },
  6: { list: 'grid-cols-3 sm:grid-cols-6', tab: () => 'md:px-2 md:text-sm' },
  7: {
    list: 'grid-cols-12 md:grid-cols-7',
    tab: (index) => clsx(index < 3 ? 'col-span-4' : 'col-span-3', 'md:col-span-1 lg:text-sm'),
  },
};

/** ?tab=profile: the unsubscribe page's link to the e-mail settings opens the tab that holds them. */
const firstTabOf = (params: URLSearchParams): TabId =>
  params.get('tab') === 'profile' ? 'profile' : 'events';

/** /dashboard: header and role tabs (working-areas.md section 2, Dashboard). */
export function DashboardPage() {
  usePageHead({ title: dashboardPageTitle });
  const { data: profile, isPending, isError, refetch } = useProfile();
  const { signOut, isPending: signingOut } = useSignOut();
  // The header's polled check, not the profile loaded once: a notification that arrives while the
  // dashboard is open lights the tab too, and is marked read when the tab is (or already was) open.
  // Like the header's, it stops with the session, so signing out asks nothing more of the server.
  const { data: user } = useCurrentUser();
  const hasNewNotifications = useHasNewNotifications(Boolean(user));
  const { mutate: markRead } = useMarkNotificationsRead();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabId>(firstTabOf(searchParams));

  useEffect(() => {
    if (tab !== 'profile' || !hasNewNotifications) return;
    markRead(undefined, {
      onError: (error) =>
        toast({
          title: dashboardTexts.error,
          description: errorText(error, dashboardTexts.markReadFailed),
          variant: 'destructive',
        }),
    });
  }, [tab, hasNewNotifications, markRead]);

  if (isPending) return <Spinner className="min-h-screen" />;
  if (isError) {
    return <FramedLoadError frame="page" text={dashboardTexts.loadFailed} onRetry={() => void refetch()} />;
  }

  const tabs = tabsByRole(profile.role, user?.memberRole);
  const openTab = (next: string) => setTab(next as TabId);

  // On a phone the header is compact (icon buttons) and the gaps narrow, so the tab's first list item is
  // on the first screen (issue 22, item 18). Six tabs take two rows of three there: in one row that
  // scrolled, the last of them and the Профиль dot were off the screen (issue 51, item 11). From `sm` on
  // they share one row, with padding and gaps narrowed until `lg` so that «Мероприятия» keeps to one line
  // even in the widest fallback font (DejaVu Sans: 92 px at 13 px, 99 px at 14 px).
  // Seven tabs (an owner's or a viewer's, with «Журнал») take two rows too: the first three, «Мероприятия»
  // among them, in thirds of the row (98 px for text at 375 px), the four short ones in quarters (70 px for
  // «Профиль», 62 px in DejaVu Sans). One row from `md`, where a seventh of it leaves 96 px for 13 px
  // text, and 14 px text from `lg`.
  const layout = tabLayouts[tabs.length === 7 ? 7 : tabs.length === 6 ? 6 : 2];
  return (
    <div className="mx-auto max-w-7xl space-y-3 px-4 py-3 sm:space-y-6 sm:py-8">
      {/* A phone: the title, then the name beside the icon buttons; wider: the buttons beside both. */}
      <Card padding="responsive" className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1">
        <h1 className="col-span-2 text-lg font-bold sm:col-span-1 sm:text-2xl">
          {dashboardTexts.titles[profile.role]}
        </h1>
        {/* Wrapped, not cut: a school's full official name is long, and it is how it knows its account. */}
        <p className="min-w-0 wrap-anywhere text-muted-foreground">{profile.fullName || profile.username}</p>
        <div className="flex gap-2 sm:col-start-2 sm:row-span-2 sm:row-start-1">
          {profile.role !== 'admin' ? (
            <Button asChild variant="outline">
              <Link to="/dashboard/edit-profile">
                <Pencil aria-hidden />
                <span className="sr-only sm:not-sr-only">{dashboardTexts.editProfile}</span>
              </Link>
            </Button>
          ) : null}
          <ConfirmDialog
            title={dashboardTexts.logoutConfirm}
            confirmText={dashboardTexts.logout}
            trigger={
              <Button variant="outline" disabled={signingOut}>
                <LogOut aria-hidden />
                <span className="sr-only sm:not-sr-only">
                  {signingOut ? dashboardTexts.loggingOut : dashboardTexts.logout}
                </span>
              </Button>
            }
            onConfirm={signOut}
          />
        </div>
      </Card>

      <Tabs.Root value={tab} onValueChange={openTab}>
        <Tabs.List
          aria-label="Разделы личного кабинета"
          className={clsx('grid gap-0.5 rounded-lg bg-muted p-1 md:gap-1', layout.list)}
        >
          {tabs.map((id, index) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className={clsx(
                'relative min-w-0 rounded-md px-1.5 py-1.5 text-[13px] font-medium wrap-anywhere sm:px-0.5 sm:py-2 lg:px-3 text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
                layout.tab(index),
              )}
            >
              {tabLabels[id]}
              {id === 'profile' && hasNewNotifications ? (
                <span className="absolute top-1 right-0.5 size-2 rounded-full bg-red-600 sm:top-1.5 sm:right-1.5">
                  <span className="sr-only">, {dashboardTexts.newNotifications}</span>
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-3 sm:mt-6">
          <Tabs.Content value="events" className="space-y-6">
            {profile.role === 'foundation' ? (
              <>
                <OwnEventsTab profile={profile} />
                <CalendarFeedCard owner="foundation" />
              </>
            ) : profile.role === 'school' ? (
              <>
                <SchoolEventsTab profile={profile} />
                <CalendarFeedCard owner="school" />
              </>
            ) : (
              <Card>
                <Link to="/events" className="text-primary hover:underline dark:text-green-400">
                  {dashboardTexts.findEvents}
                </Link>
              </Card>
            )}
          </Tabs.Content>
          <Tabs.Content value="applications">
            <LazyPanel>
              <ApplicationsTab />
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="reports">
            <LazyPanel>
              <ReportsTab />
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="volunteer-requests">
            <LazyPanel>
              <SchoolApplicationsTab />
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="archive">
            <LazyPanel>
              <div className="space-y-6">
                {/* The hours the archive lists, as a certificate the school can hand on. */}
                <CertificateCard />
                <SchoolArchiveTab profile={profile} />
              </div>
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="hours">
            <LazyPanel>{profile.role === 'school' ? <SchoolHoursTab /> : <FoundationHoursTab />}</LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="team">
            <LazyPanel>
              <TeamTab />
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="journal">
            <LazyPanel>
              <JournalTab />
            </LazyPanel>
          </Tabs.Content>
          <Tabs.Content value="profile">
            <LazyPanel>
              <ProfileTab
                profile={profile}
                settings={profile.role === 'admin' ? null : <NotificationSettingsCard />}
              />
            </LazyPanel>
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}

/** The profile, then the tab the address opens as the account's role shows it. */
export const loadDashboardPage: PageLoad = async ({ searchParams, queryClient }) => {
  const profile = await queryClient.ensureQueryData(profileQuery);
  if (firstTabOf(searchParams) === 'profile') {
    // Imported here, as the tab's own code is when it opens: the first tab's chunk goes without them.
    const [{ notificationsQuery }, { notificationSettingsQuery }] = await Promise.all([
      import('../api/notifications'),
      import('../features/notification-settings/api/notification-settings'),
    ]);
    await Promise.all([
      queryClient.ensureQueryData(notificationsQuery),
      profile.role === 'admin' ? undefined : queryClient.ensureQueryData(notificationSettingsQuery),
    ]);
  } else if (profile.role !== 'admin') {
    await Promise.all([
      profile.role === 'foundation' ? loadOwnEventsTab(queryClient) : undefined,
      loadCalendarFeedCard(queryClient),
    ]);
  }
};
