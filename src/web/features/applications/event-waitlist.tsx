import type { FoundationApplication } from '../../../shared/applications';
import { formatMomentDateTime } from '../../lib/app-time-zone';
import { ApplicationNoteLines } from './application-note-lines';
import { applicationTexts } from './texts';

const texts = applicationTexts.eventWaitlist;

/** 'в листе ожидания: 3 школы' beside the event's counters; nothing while nobody waits. */
export function WaitlistCount({ waitlist }: { waitlist: FoundationApplication[] }) {
  if (waitlist.length === 0) return null;
  return <p className="text-sm text-muted-foreground">{texts.count(waitlist.length)}</p>;
}

/**
 * The schools waiting for places, first in line first: the order in which freed places will be offered
 * to them (the server skips only those too large for what is free).
 */
export function WaitlistSection({ waitlist }: { waitlist: FoundationApplication[] }) {
  if (waitlist.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="event-waitlist">
      <h2 id="event-waitlist" className="text-xl font-semibold">
        {texts.title}
      </h2>
      <p className="text-sm text-muted-foreground">{texts.hint}</p>
      <ol className="space-y-3">
        {waitlist.map((application, index) => (
          <li key={application.id} className="flex gap-3 rounded-xl border border-border bg-card p-4 text-sm">
            <span className="font-semibold" aria-hidden>
              {texts.position(index + 1)}
            </span>
            <div className="min-w-0">
              <p className="font-medium">{application.school.fullName || application.school.username}</p>
              <p>{texts.pupils(application.participantCount)}</p>
              <p className="text-muted-foreground">
                {applicationTexts.submittedAt} {formatMomentDateTime(application.registeredAt)}
              </p>
              <ApplicationNoteLines application={application} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
