import { exportAddresses } from '../../api/export-addresses';
import { JournalView } from '../../components/journal/journal-view';
import { useAdminJournal } from './api/admin-journal';
import { adminTexts as t } from './texts';

/**
 * «Журнал» of the administrator panel (issue 53, item 4): every organisation's entries, each person named
 * with their role and organisation, with the same filters and downloads as an organisation's own tab.
 */
export function AdminJournalTab() {
  return (
    <JournalView
      heading={t.tabs.journal}
      note={t.journalNote}
      useJournal={useAdminJournal}
      exportAddressOf={(format, filters) => exportAddresses.journal('admin', format, filters)}
      withOrganisation
    />
  );
}
