import { clsx } from 'clsx';
import { LogOut, Pencil } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Profile } from '../../shared/profile';
import { errorText } from '../api/client';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useHasNewNotifications } from '../api/notification-check';
import { useProfile } from '../api/profile';
import { useCurrentUser } from '../api/session';
import { usePageHead } from '../components/page-head';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Spinner } from '../components/ui/spinner';
import { toast } from '../components/ui/toast';
import { CalendarFeedCard } from '../features/calendar-feed/calendar-feed-card';
import { CertificateCard } from '../features/certificates/certificate-card';
import { ApplicationsTab, ReportsTab } from '../features/dashboard/foundation-tabs';
import { ProfileTab } from '../features/dashboard/profile-tab';
import { SchoolEventsTab } from '../features/dashboard/school-tabs';
import { dashboardPageTitle, dashboardTexts } from '../features/dashboard/texts';
import { OwnEventsTab } from '../features/events/own-events-tab';
import { FoundationHoursTab } from '../features/hour-reports/foundation-hours-tab';
import { SchoolHoursTab } from '../features/hour-reports/school-hours-tab';
import { hourReportTexts } from '../features/hour-reports/texts';
import { NotificationSettingsCard } from '../features/notification-settings/notification-settings-card';
import { SchoolApplicationsTab, SchoolArchiveTab } from '../features/registrations/school-dashboard-tabs';
import { useSignOut } from '../lib/use-sign-out';

type TabId = 'events' | 'applications' | 'reports' | 'volunteer-requests' | 'archive' | 'hours' | 'profile';

const tabsByRole = (role: Profile['role']): TabId[] =>
  role === 'foundation'
    ? ['events', 'applications', 'reports', 'hours', 'profile']
    : role === 'school'
      ? ['events', 'volunteer-requests', 'archive', 'hours', 'profile']
      : ['events', 'profile'];

const tabLabels: Record<TabId, string> = {
  events: dashboardTexts.tabs.events,
  applications: dashboardTexts.tabs.applications,
  reports: dashboardTexts.tabs.reports,
  'volunteer-requests': dashboardTexts.tabs.volunteerRequests,
  archive: dashboardTexts.tabs.archive,
  hours: hourReportTexts.tab,
  profile: dashboardTexts.tabs.profile,
};

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
  // ?tab=profile: the unsubscribe page's link to the e-mail settings opens the tab that holds them.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabId>(searchParams.get('tab') === 'profile' ? 'profile' : 'events');

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
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="font-medium">{dashboardTexts.loadFailed}</p>
        <Button className="mt-4" variant="outline" onClick={() => void refetch()}>
          Попробовать снова
        </Button>
      </div>
    );
  }

  const tabs = tabsByRole(profile.role);
  const openTab = (next: string) => setTab(next as TabId);

  // On a phone the header is compact (icon buttons) and the tabs scroll in one row, so the tab's first
  // list item is on the first screen (issue 22, item 18).
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-4 sm:space-y-6 sm:py-8">
      {/* A phone: the title, then the name beside the icon buttons; wider: the buttons beside both. */}
      <Card padding="responsive" className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1">
        <h1 className="col-span-2 text-lg font-bold sm:col-span-1 sm:text-2xl">
          {dashboardTexts.titles[profile.role]}
        </h1>
        <p className="min-w-0 truncate text-muted-foreground">{profile.fullName || profile.username}</p>
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
          className={clsx(
            'gap-0.5 rounded-lg bg-muted p-1 sm:gap-1',
            tabs.length === 5 ? 'flex overflow-x-auto sm:grid sm:grid-cols-5' : 'grid grid-cols-2',
          )}
        >
          {tabs.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="relative flex-1 shrink-0 rounded-md px-1.5 py-2 text-[13px] font-medium sm:px-3 sm:text-sm whitespace-nowrap text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
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
        <div className="mt-4 sm:mt-6">
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
            <ApplicationsTab />
          </Tabs.Content>
          <Tabs.Content value="reports">
            <ReportsTab />
          </Tabs.Content>
          <Tabs.Content value="volunteer-requests">
            <SchoolApplicationsTab />
          </Tabs.Content>
          <Tabs.Content value="archive" className="space-y-6">
            {/* The hours the archive lists, as a certificate the school can hand on. */}
            <CertificateCard />
            <SchoolArchiveTab profile={profile} />
          </Tabs.Content>
          <Tabs.Content value="hours">
            {profile.role === 'school' ? <SchoolHoursTab /> : <FoundationHoursTab />}
          </Tabs.Content>
          <Tabs.Content value="profile">
            <ProfileTab
              profile={profile}
              settings={profile.role === 'admin' ? null : <NotificationSettingsCard />}
            />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
