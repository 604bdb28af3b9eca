import { clsx } from 'clsx';
import { LogOut, Pencil } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Profile } from '../../../shared/profile';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useSignOut } from '../auth/use-sign-out';
import { OwnEventsTab } from '../events/own-events-tab';
import { useHasNewNotifications, useMarkNotificationsRead } from '../notifications/api';
import { useProfile } from '../profile/api';
import { SchoolApplicationsTab, SchoolArchiveTab } from '../registrations/school-dashboard-tabs';
import { ApplicationsTab, ReportsTab } from './foundation-tabs';
import { ProfileTab } from './profile-tab';
import { SchoolEventsTab } from './school-tabs';
import { dashboardTexts } from './texts';

type TabId = 'events' | 'applications' | 'reports' | 'volunteer-requests' | 'archive' | 'profile';

const tabsByRole = (role: Profile['role']): TabId[] =>
  role === 'foundation'
    ? ['events', 'applications', 'reports', 'profile']
    : role === 'school'
      ? ['events', 'volunteer-requests', 'archive', 'profile']
      : ['events', 'profile'];

const tabLabels: Record<TabId, string> = {
  events: dashboardTexts.tabs.events,
  applications: dashboardTexts.tabs.applications,
  reports: dashboardTexts.tabs.reports,
  'volunteer-requests': dashboardTexts.tabs.volunteerRequests,
  archive: dashboardTexts.tabs.archive,
  profile: dashboardTexts.tabs.profile,
};

/** /dashboard: header and role tabs (working-areas.md section 2, Dashboard). */
export function DashboardPage() {
  const { data: profile, isPending, isError, refetch } = useProfile();
  const { signOut, isPending: signingOut } = useSignOut();
  // The header's polled check, not the profile loaded once: a notification that arrives while the
  // dashboard is open lights the tab too, and is marked read when the tab is (or already was) open.
  const hasNewNotifications = useHasNewNotifications(true);
  const { mutate: markRead } = useMarkNotificationsRead();
  const [tab, setTab] = useState<TabId>('events');

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

  if (isPending) return <Spinner className="min-h-[50vh]" />;
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

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{dashboardTexts.titles[profile.role]}</h1>
          <p className="truncate text-muted-foreground">{profile.fullName || profile.username}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {profile.role !== 'admin' ? (
            <Button asChild variant="outline">
              <Link to="/dashboard/edit-profile">
                <Pencil aria-hidden />
                {dashboardTexts.editProfile}
              </Link>
            </Button>
          ) : null}
          <ConfirmDialog
            title={dashboardTexts.logoutConfirm}
            confirmText={dashboardTexts.logout}
            trigger={
              <Button variant="outline" disabled={signingOut}>
                <LogOut aria-hidden />
                {signingOut ? dashboardTexts.loggingOut : dashboardTexts.logout}
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
            'grid gap-1 rounded-lg bg-muted p-1',
            tabs.length === 4 ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-2',
          )}
        >
          {tabs.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="relative rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm"
            >
              {tabLabels[id]}
              {id === 'profile' && hasNewNotifications ? (
                <span className="absolute top-1.5 right-1.5 size-2 rounded-full bg-red-600">
                  <span className="sr-only">, {dashboardTexts.newNotifications}</span>
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-6">
          <Tabs.Content value="events">
            {profile.role === 'foundation' ? (
              <OwnEventsTab profile={profile} />
            ) : profile.role === 'school' ? (
              <SchoolEventsTab profile={profile} />
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
          <Tabs.Content value="archive">
            <SchoolArchiveTab profile={profile} />
          </Tabs.Content>
          <Tabs.Content value="profile">
            <ProfileTab profile={profile} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
