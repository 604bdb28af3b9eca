import type { FoundationApplication } from '../../../shared/applications';
import { approvedInPartText, parentalConsentText } from './application-notes';

/**
 * What the foundation reads of an application beyond its numbers, the same on its applications page and
 * on its event's page: how many of the pupils it took, and the day the school confirmed the parents'
 * consent. Nothing when neither applies.
 */
export function ApplicationNoteLines({
  application,
}: {
  application: Pick<FoundationApplication, 'participantCount' | 'requestedCount' | 'parentalConsentAt'>;
}) {
  const inPart = approvedInPartText(application);
  const consent = parentalConsentText(application.parentalConsentAt);
  return (
    <>
      {inPart ? <p className="mt-2 text-sm font-medium">{inPart}</p> : null}
      {consent ? <p className="mt-2 text-sm text-muted-foreground">{consent}</p> : null}
    </>
  );
}
