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
          <Button asChild align="start" className="w-full">
            <Link to="/events">
              <CalendarSearch aria-hidden />
              {dashboardTexts.findEvents}
            </Link>
          </Button>
          <Button asChild variant="outline" align="start" className="w-full">
            <Link to="/foundations">
              <Building2 aria-hidden />
              {dashboardTexts.catalogue}
            </Link>
          </Button>
          <Button asChild variant="outline" align="start" className="w-full">
            <Link to="/volunteer-requests">
              <HandHeart aria-hidden />
              {dashboardTexts.volunteerRequests}
            </Link>
          </Button>
          <Button asChild variant="outline" align="start" className="w-full">
            <Link to="/dashboard/edit-profile">
              <UserCog aria-hidden />
              {dashboardTexts.editProfile}
            </Link>
          </Button>
        </Card>
      </div>
    </div>
  );
}
