import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { listParameterNames as lists } from '../shared/list-address-names';
import { notificationCheckQuery } from './api/notification-check';
import { profileQuery } from './api/profile';
import { currentUserQuery } from './api/session';
import { SiteLayout } from './components/layout/site-layout';
import { RequireAdmin, RequireRole, RequireUser } from './features/auth/guards';
import { NotFoundPage } from './features/errors/not-found-page';
import { lazyNamedAll } from './lib/lazy-named';
import type { PageLoad } from './lib/page-load';

// Every page loads its code on first visit; the layout's Suspense shows a spinner meanwhile. The server
// draws public pages, so a first visit sees the page before any of this arrives, and no page carries
// another's code (the home page's FAQ accordion and sections cost the others 7 KB gzip).

const {
  HomePage,
  EventsPage,
  EventPage,
  EventDetailAlias,
  NewsPage,
  NewsItemPage,
  FoundationsPage,
  FoundationDetailPage,
  FaqPage,
  TermsPage,
  PrivacyPolicyPage,
  VolunteerDevelopmentPage,
  VolunteerRequestsPage,
  VolunteerRequestPage,
  VerifyPage,
  AuthPage,
  AdminLoginPage,
  ClaimPage,
  UnsubscribePage,
  ForgotPasswordPage,
  ResetPasswordPage,
  InvitePage,
  ProfileGate,
  AdminPage,
  DashboardPage,
  EventFormPage,
  DashboardEventPage,
  FoundationApprovedApplicationsPage,
  SchoolApprovedApplicationsPage,
  FoundationEventWithMessagesPage: FoundationEventPage,
  FoundationApplicationsPage,
  SchoolApplicationsOldAlias,
  SchoolApplicationsPage,
  CreateRequestPage,
  EditProfilePage,
} = lazyNamedAll({
  // Public pages.
  HomePage: () => import('./pages/home-page'),
  EventsPage: () => import('./features/events/events-page'),
  EventPage: () => import('./pages/event-page'),
  EventDetailAlias: () => import('./features/events/event-detail-alias'),
  NewsPage: () => import('./features/news/news-page'),
  NewsItemPage: () => import('./features/news/news-item-page'),
  FoundationsPage: () => import('./features/foundations/foundations-page'),
  FoundationDetailPage: () => import('./features/foundations/foundation-detail-page'),
  FaqPage: () => import('./features/faq/faq-page'),
  TermsPage: () => import('./features/legal/terms-page'),
  PrivacyPolicyPage: () => import('./features/legal/privacy-policy-page'),
  VolunteerDevelopmentPage: () => import('./features/volunteer/volunteer-development-page'),
  VolunteerRequestsPage: () => import('./features/volunteer-requests/volunteer-requests-page'),
  VolunteerRequestPage: () => import('./features/volunteer-requests/volunteer-request-page'),
  VerifyPage: () => import('./features/verify/verify-page'),
  AuthPage: () => import('./features/auth/auth-page'),
  AdminLoginPage: () => import('./features/auth/admin-login-page'),
  ClaimPage: () => import('./features/claim/claim-page'),
  UnsubscribePage: () => import('./features/notification-settings/unsubscribe-page'),
  ForgotPasswordPage: () => import('./features/passwords/forgot-password-page'),
  ResetPasswordPage: () => import('./features/passwords/reset-password-page'),
  InvitePage: () => import('./features/team/invite-page'),
  // Working areas: never part of what a public page downloads.
  ProfileGate: () => import('./features/profile/profile-gate'),
  AdminPage: () => import('./features/admin/admin-page'),
  DashboardPage: () => import('./pages/dashboard-page'),
  EventFormPage: () => import('./features/events/event-form-page'),
  DashboardEventPage: () => import('./features/events/dashboard-event-page'),
  FoundationApprovedApplicationsPage: () => import('./features/applications/approved-applications-pages'),
  SchoolApprovedApplicationsPage: () => import('./features/applications/approved-applications-pages'),
  FoundationEventWithMessagesPage: () => import('./pages/foundation-event-page'),
  FoundationApplicationsPage: () => import('./features/applications/foundation-applications-page'),
  SchoolApplicationsOldAlias: () => import('./features/applications/school-applications-old-alias'),
  SchoolApplicationsPage: () => import('./features/applications/school-applications-page'),
  CreateRequestPage: () => import('./features/volunteer-requests/create-request-page'),
  EditProfilePage: () => import('./features/profile/edit-profile-page'),
});

/**
 * What a route tells the server about its page: `browserOnly` pages are never drawn by the server,
 * `signedIn` pages only for a visitor with a session; `searchParams` names the query parameters the
 * page reads, the only ones that make a page of their own (src/web/entry-server.tsx, pageAddress);
 * `load` fetches every read the route draws, so the server renders the page once, with all its data.
 */
export interface PageHandle {
  browserOnly?: true;
  signedIn?: true;
  searchParams?: readonly string[];
  load?: PageLoad;
}

/**
 * A page's load, exported by the page's module beside the page, which uses the same query options: it
 * arrives with the page's code, so the browser, which never calls it, downloads nothing more for it.
 */
const loadOf =
  <K extends string>(module: () => Promise<Record<K, PageLoad>>, name: K): PageLoad =>
  async (context) =>
    (await module())[name](context);

/** The handle of a page whose only declaration is its reads. */
const readsOf = <K extends string>(module: () => Promise<Record<K, PageLoad>>, name: K) =>
  ({ load: loadOf(module, name) }) satisfies PageHandle;

/** The header's reads, and every guard's: the session, then whether anything new arrived for it. */
const loadSession: PageLoad = async ({ queryClient }) => {
  const user = await queryClient.ensureQueryData(currentUserQuery);
  if (user) await queryClient.ensureQueryData(notificationCheckQuery);
};

/** The profile gate's read: the profile of the signed-in account (a guard has sent anybody else away). */
const loadProfile: PageLoad = async ({ queryClient }) => {
  if (await queryClient.ensureQueryData(currentUserQuery)) await queryClient.ensureQueryData(profileQuery);
};

/** The lists keep their filters and page in the address, and the server draws each such list. */
const listPage = (...names: Record<string, string>[]) =>
  ({ searchParams: names.flatMap((list) => Object.values(list)) }) satisfies PageHandle;

const eventsPage = {
  ...listPage(lists.eventsPage),
  load: loadOf(() => import('./features/events/events-page'), 'loadEventsPage'),
} satisfies PageHandle;
const eventPage = { load: loadOf(() => import('./pages/event-page'), 'loadEventPage') } satisfies PageHandle;
const verifyPage = {
  load: loadOf(() => import('./features/verify/verify-page'), 'loadVerifyPage'),
} satisfies PageHandle;

/** Pages every visitor sees alike: the server renders them for visitors who are not signed in. */
const publicPages: RouteObject[] = [
  {
    path: '/',
    element: <HomePage />,
    handle: {
      ...listPage(lists.homeEvents, lists.homeFoundations),
      load: loadOf(() => import('./pages/home-page'), 'loadHomePage'),
    },
  },
  { path: '/events', element: <EventsPage />, handle: eventsPage },
  { path: '/events-calendar', element: <EventsPage />, handle: eventsPage },
  { path: '/events/:id', element: <EventPage />, handle: eventPage },
  {
    path: '/event-detail',
    element: <EventDetailAlias />,
    // Without an id it is the events page, with that page's filters.
    handle: {
      ...listPage({ id: 'id' }, lists.eventsPage),
      load: loadOf(() => import('./features/events/event-detail-alias'), 'loadEventDetailAlias'),
    },
  },
  { path: '/event-detail/:id', element: <EventPage />, handle: eventPage },
  { path: '/school-applications-old', element: <SchoolApplicationsOldAlias /> },
  {
    path: '/news',
    element: <NewsPage />,
    handle: readsOf(() => import('./features/news/news-page'), 'loadNewsPage'),
  },
  {
    path: '/news/:id',
    element: <NewsItemPage />,
    handle: readsOf(() => import('./features/news/news-item-page'), 'loadNewsItemPage'),
  },
  {
    path: '/foundations',
    element: <FoundationsPage />,
    handle: {
      ...listPage(lists.foundationsPage),
      load: loadOf(() => import('./features/foundations/foundations-page'), 'loadFoundationsPage'),
    },
  },
  { path: '/faq', element: <FaqPage /> },
  { path: '/terms-of-service', element: <TermsPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/volunteer-development', element: <VolunteerDevelopmentPage /> },
  {
    path: '/foundations/:id',
    element: <FoundationDetailPage />,
    handle: readsOf(
      () => import('./features/foundations/foundation-detail-page'),
      'loadFoundationDetailPage',
    ),
  },
  {
    path: '/volunteer-requests',
    element: <VolunteerRequestsPage />,
    handle: {
      ...listPage(lists.volunteerRequests),
      load: loadOf(
        () => import('./features/volunteer-requests/volunteer-requests-page'),
        'loadVolunteerRequestsPage',
      ),
    },
  },
  {
    path: '/volunteer-requests/:id',
    element: <VolunteerRequestPage />,
    handle: readsOf(
      () => import('./features/volunteer-requests/volunteer-request-page'),
      'loadVolunteerRequestPage',
    ),
  },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/verify/:code', element: <VerifyPage />, handle: verifyPage },
];

/**
 * Marks the pages the server never renders and sends as the bare app instead: a form shown before its
 * script runs would send what was typed (a password, a pupil's name) in the address if submitted.
 */
export const browserOnly = { browserOnly: true } as const satisfies PageHandle;

/**
 * Marks the working areas: the server draws them only for a visitor with a session, as that visitor
 * sees them, and keeps none. Anybody else is sent to sign in by the page's guard, in the browser.
 */
export const signedIn = { signedIn: true } as const satisfies PageHandle;

/**
 * The working pages behind the gate of an incomplete profile. The gate sits inside the role guards: a
 * visitor of the wrong role is sent away before it asks for the profile.
 */
const profileGated = (children: RouteObject[]): RouteObject => ({
  handle: { load: loadProfile } satisfies PageHandle,
  element: (
    <ProfileGate>
      <Outlet />
    </ProfileGate>
  ),
  children,
});

const formPages: RouteObject[] = [
  { path: '/auth', element: <AuthPage /> },
  { path: '/admin/login', element: <AdminLoginPage /> },
  // Forms of a name and of new passwords: typed before the script runs, a plain form would put them in the address.
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  // A name and passwords for the account an invitation creates, as on /reset-password.
  { path: '/invite', element: <InvitePage /> },
  // A pupil's name typed before the script runs would go into the address of a plain form's request.
  { path: '/claim', element: <ClaimPage /> },
  { path: '/claim/:code', element: <ClaimPage /> },
  // Opening it unsubscribes, which only the page's script does: a server-drawn page would change nothing
  // and look as if it had.
  { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
];

const eventFormPage = {
  load: loadOf(() => import('./features/events/event-form-page'), 'loadEventFormPage'),
} satisfies PageHandle;

/** One layout route per guard: a visitor it turns away never reaches a page, so no page checks roles. */
const workingAreas: RouteObject[] = [
  {
    element: <RequireAdmin />,
    children: [
      {
        path: '/admin',
        element: <AdminPage />,
        handle: readsOf(() => import('./features/admin/admin-page'), 'loadAdminPage'),
      },
    ],
  },
  {
    element: <RequireUser />,
    children: [
      profileGated([
        {
          path: '/dashboard',
          element: <DashboardPage />,
          handle: readsOf(() => import('./pages/dashboard-page'), 'loadDashboardPage'),
        },
      ]),
      {
        // The administrator's profile is not edited here; the dashboard is where every role lands.
        element: <RequireRole allowed={['school', 'foundation']} />,
        children: [
          {
            path: '/dashboard/edit-profile',
            element: <EditProfilePage />,
            handle: readsOf(() => import('./features/profile/edit-profile-page'), 'loadEditProfilePage'),
          },
        ],
      },
      {
        element: <RequireRole allowed="foundation" />,
        children: [
          profileGated([
            { path: '/dashboard/create-event', element: <EventFormPage />, handle: eventFormPage },
            { path: '/dashboard/edit-event/:id', element: <EventFormPage />, handle: eventFormPage },
            {
              path: '/dashboard/event/:id',
              element: <DashboardEventPage />,
              handle: readsOf(
                () => import('./features/events/dashboard-event-page'),
                'loadDashboardEventPage',
              ),
            },
            // Its form reads only the profile, which the gate above has read.
            { path: '/dashboard/create-request', element: <CreateRequestPage /> },
            {
              path: '/foundation-approved-applications',
              element: <FoundationApprovedApplicationsPage />,
              handle: readsOf(
                () => import('./features/applications/approved-applications-pages'),
                'loadFoundationApprovedApplications',
              ),
            },
            {
              path: '/foundation/event/:eventId',
              element: <FoundationEventPage />,
              handle: readsOf(
                () => import('./pages/foundation-event-page'),
                'loadFoundationEventWithMessagesPage',
              ),
            },
            {
              path: '/foundation-applications',
              element: <FoundationApplicationsPage />,
              handle: readsOf(
                () => import('./features/applications/foundation-applications-page'),
                'loadFoundationApplicationsPage',
              ),
            },
          ]),
        ],
      },
      {
        element: <RequireRole allowed="school" />,
        children: [
          profileGated([
            {
              path: '/school-approved-applications',
              element: <SchoolApprovedApplicationsPage />,
              handle: readsOf(
                () => import('./features/applications/approved-applications-pages'),
                'loadSchoolApprovedApplications',
              ),
            },
            {
              path: '/school-applications',
              element: <SchoolApplicationsPage />,
              handle: readsOf(
                () => import('./features/applications/school-applications-page'),
                'loadSchoolApplicationsPage',
              ),
            },
          ]),
        ],
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    handle: { load: loadSession } satisfies PageHandle,
    children: [
      ...publicPages,
      // The server asks every matched route, so a guard's mark covers each page under it.
      ...formPages.map((page) => ({ ...page, handle: browserOnly })),
      ...workingAreas.map((page) => ({ ...page, handle: { ...page.handle, ...signedIn } })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The page for the current address. The router runs in declarative mode (BrowserRouter in the browser,
 * StaticRouter on the server), not as a data router: our pages load their data with React Query, and
 * the data router's loaders, actions and fetchers cost every public page 17 KB of JavaScript (gzip).
 * The handles' `load`s are the server's alone: it fetches a page's data through them before its one render.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
