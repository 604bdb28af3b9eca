import { shiftDay } from './dates';

// Without zod, so that the foundation's screens may use them (attendance-corrections.ts holds the schemas).

/** Days after the day of completion (in the app's time zone) on which attendance may still be corrected. */
export const attendanceCorrectionDays = 14;

/** The last day (yyyy-MM-dd) a correction is accepted, from the day the event was completed. */
export const attendanceCorrectionLastDay = (completedOn: string) =>
  shiftDay(completedOn, attendanceCorrectionDays);
