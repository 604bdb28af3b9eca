import { downloadFile } from '../../../lib/download-file';

/** The foundation's printable list of its event's participants (issue 25). */
export const downloadParticipantList = (eventId: number) =>
  downloadFile(`/api/foundation/events/${eventId}/participants.pdf`, 'participants.pdf');

/** The school's printable trip sheet of its approved application (issue 25). */
export const downloadTripSheet = (applicationId: number) =>
  downloadFile(`/api/applications/${applicationId}/trip-sheet.pdf`, 'trip-sheet.pdf');
