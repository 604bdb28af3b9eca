import { Building2, CalendarSearch, HandHeart, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import { schoolTypeLabels } from '../../../shared/catalog';
import type { Profile } from '../../../shared/profile';
import { ContactList } from '../../components/contact-list';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ModerationStatusCard } from './moderation-status-card';
import { dashboardTexts } from './texts';

const orNotSpecified = (value: string | null | undefined) => value || dashboardTexts.notSpecified;

/** The school's shortcuts; the first, finding an event, is what it comes for most. */
const quickActions = [
  { to: '/events', Icon: CalendarSearch, label: dashboardTexts.findEvents },
  { to: '/foundations', Icon: Building2, label: dashboardTexts.catalogue },
  { to: '/volunteer-requests', Icon: HandHeart, label: dashboardTexts.volunteerRequests },
  { to: '/dashboard/edit-profile', Icon: UserCog, label: dashboardTexts.editProfile },
];

export function SchoolEventsTab({ profile }: { profile: Profile }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="space-y-2 lg:col-span-2">
        <h2 className="text-lg font-semibold">{dashboardTexts.schoolCard}</h2>
        <p className="text-xl font-bold">{orNotSpecified(profile.fullName)}</p>
        <p className="text-muted-foreground">
          {profile.schoolType
            ? schoolTypeLabels[profile.schoolType as 'state' | 'private']
            : dashboardTexts.notSpecified}
        </p>
        {profile.description ? <p>{profile.description}</p> : null}
        <h3 className="pt-2 font-semibold">{dashboardTexts.contacts}</h3>
        <ContactList
          columns={2}
          showMissing
          contacts={[
            { kind: 'person', value: profile.contactPerson },
            { kind: 'address', value: profile.address },
            { kind: 'phone', value: profile.phone },
            { kind: 'email', value: profile.email },
            { kind: 'website', value: profile.website },
          ]}
        />
      </Card>
      <div className="space-y-6">
        <ModerationStatusCard profile={profile} />
        <Card className="space-y-3">
          <h2 className="text-lg font-semibold">{dashboardTexts.quickActions}</h2>
          {quickActions.map(({ to, Icon, label }, index) => (
            <Button
              key={to}
              asChild
              variant={index === 0 ? 'primary' : 'outline'}
              align="start"
              className="w-full"
            >
              <Link to={to}>
                <Icon aria-hidden />
                {label}
              </Link>
            </Button>
          ))}
        </Card>
      </div>
    </div>
  );
}
