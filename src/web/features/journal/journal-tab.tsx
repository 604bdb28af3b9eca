import { journalMessages } from '../../../shared/journal';
import { exportAddresses } from '../../api/export-addresses';
import { useCurrentUser } from '../../api/session';
import { JournalView } from '../../components/journal/journal-view';
import { Spinner } from '../../components/ui/spinner';
import { useOrganisationJournal } from './api/journal';
import { journalTexts as t } from './texts';

/**
 * «Журнал» on the dashboard of a school or a foundation (issue 53, item 4): who did what, for its owners
 * and viewers. The dashboard offers the tab to them alone; a coordinator who reaches it anyway reads the
 * server's refusal in words rather than a failed list.
 */
export function JournalTab() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (user?.memberRole === 'coordinator') {
    return (
      <p role="note" className="rounded-lg bg-muted/60 p-3 text-sm">
        {journalMessages.onlyOwnersAndViewers}
      </p>
    );
  }
  return (
    <JournalView
      heading={t.heading}
      note={t.note}
      useJournal={useOrganisationJournal}
      exportAddressOf={(format, filters) => exportAddresses.journal('organisation', format, filters)}
    />
  );
}
