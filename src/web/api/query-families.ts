/**
 * The first element of every query key, one per family of cached answers. A write in one feature often
 * refreshes what another feature reads (an application changes the event's free places and the school's
 * profile), so the families live here, in the shared layer, and every operation file builds its keys
 * from them; a mutation refreshes through an operation's `queryOptions(...).queryKey` or its `.all`,
 * never through a key typed again.
 */
export const queryFamilies = {
  /** The signed-in account (session.ts); signing in refreshes every family but this one. */
  session: ['user'],
  events: ['events'],
  applications: ['applications'],
  /** The foundation's own counters and reports on its dashboard. */
  foundationDashboard: ['foundation'],
  foundations: ['foundations'],
  news: ['news'],
  notifications: ['notifications'],
  profile: ['profile'],
  admin: ['admin'],
  volunteerRequests: ['volunteer-requests'],
  platformStats: ['stats'],
  /** What a certificate's or a pupil's code proves (the public verify page). */
  verification: ['verification'],
  /** The school's certificates of hours on its dashboard. */
  certificates: ['certificates'],
  /** The reports of hours with charts: the school's, the foundation's and the administrator's. */
  hourReports: ['hour-reports'],
  /** The account's private calendar feed address on its dashboard. */
  calendarFeed: ['calendar-feed'],
  /**
   * The organiser's messages about one event. A family apart from `events`: refreshing the events after
   * a school cancels must not ask for the messages of an application that no longer exists (a 404), before
   * the card knows it is gone and the block hides.
   */
  eventMessages: ['event-messages'],
  /** Whether a password reset link is still open (the reset page asks before it shows the form). */
  resetLinks: ['reset-links'],
  /** The journal of who did what: an organisation's on its dashboard, every entry on the admin panel. */
  journal: ['journal'],
} as const;
