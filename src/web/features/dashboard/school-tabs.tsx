import { Building2, CalendarSearch, HandHeart, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import { schoolTypeLabels } from '../../../shared/catalog';
import type { Profile } from '../../../shared/profile';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ModerationStatusCard } from './profile-tab';
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
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Адрес</dt>
            <dd>{orNotSpecified(profile.address)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Телефон</dt>
            <dd>{orNotSpecified(profile.phone)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">E-mail</dt>
            <dd>{orNotSpecified(profile.email)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Сайт</dt>
            <dd className="break-all">{orNotSpecified(profile.website)}</dd>
          </div>
        </dl>
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
