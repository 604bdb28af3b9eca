import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Profile } from '../../../shared/profile';
import { PasswordChangeCard } from '../../components/password-change-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ModerationStatusCard } from './moderation-status-card';
import { NotificationList } from './notification-list';
import { dashboardTexts } from './texts';

function Stat({ label, value, wide = false }: { label: string; value: number; wide?: boolean }) {
  return (
    <div className={clsx('rounded-lg bg-muted/60 p-3 sm:p-4', wide && 'col-span-2 sm:col-span-1')}>
      <p className="text-2xl font-bold">{value}</p>
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

/**
 * Moderation state, counters and notifications; the dashboard marks notifications read when it opens.
 * `settings`: cards of other features the page puts under the counters (the e-mail settings).
 */
export function ProfileTab({ profile, settings }: { profile: Profile; settings?: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <ModerationStatusCard profile={profile} />
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">{dashboardTexts.statsTitle}</h2>
          {/* Four tiles make two rows of two; of three, the last spans a phone's row, and they share one
              row on a wider screen: no empty cell either way. */}
          {profile.role === 'foundation' ? (
            <div className="grid grid-cols-2 gap-3">
              <Stat label={dashboardTexts.totalEvents} value={profile.totalEvents} />
              <Stat label={dashboardTexts.totalHours} value={profile.totalHours} />
              <Stat label={dashboardTexts.averageContribution} value={profile.hoursPerHeldEvent} />
              <Stat label={dashboardTexts.upcomingEvents} value={profile.registeredEvents} />
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Stat label={dashboardTexts.totalEvents} value={profile.totalEvents} />
              <Stat label={dashboardTexts.totalHours} value={profile.totalHours} />
              <Stat label={dashboardTexts.registeredEvents} value={profile.registeredEvents} wide />
            </div>
          )}
          {profile.role !== 'admin' ? (
            <Button asChild variant="outline">
              <Link to="/dashboard/edit-profile">{dashboardTexts.editProfile}</Link>
            </Button>
          ) : null}
        </Card>
        <PasswordChangeCard />
        {settings}
      </div>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold">{dashboardTexts.notificationsTitle}</h2>
        <NotificationList />
      </Card>
    </div>
  );
}
