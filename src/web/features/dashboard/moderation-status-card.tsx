import { clsx } from 'clsx';
import type { Profile } from '../../../shared/profile';
import { moderationStatusLabels } from '../../../shared/roles';
import { Card } from '../../components/ui/card';
import { dashboardTexts } from './texts';

/** The account's moderation state and the moderator's comment, on the school's first tab and the profile tab. */
export function ModerationStatusCard({ profile }: { profile: Profile }) {
  if (!profile.moderationStatus) return null;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{dashboardTexts.moderationTitle}</h2>
      <span
        className={clsx(
          'inline-block rounded-full px-3 py-1 text-sm font-medium',
          dashboardTexts.moderationColours[profile.moderationStatus],
        )}
      >
        {moderationStatusLabels[profile.moderationStatus]}
      </span>
      {profile.moderationComment ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{dashboardTexts.moderatorComment}: </span>
          {profile.moderationComment}
        </p>
      ) : null}
    </Card>
  );
}
