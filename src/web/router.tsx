import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { listParameterNames as lists } from '../shared/list-address-names';
import { SiteLayout } from './components/layout/site-layout';
import { RequireAdmin, RequireRole, RequireUser } from './features/auth/guards';
import { NotFoundPage } from './features/errors/not-found-page';
import { lazyNamed } from './lib/lazy-named';

// Every page loads its code on first visit; the layout's Suspense shows a spinner meanwhile. The server
// draws public pages, so a first visit sees the page before any of this arrives, and no page carries
// another's code (the home page's FAQ accordion and sections cost the others 7 KB gzip).

// Public pages.
const HomePage = lazyNamed(() => import('./pages/home-page'), 'HomePage');
const EventsPage = lazyNamed(() => import('./features/events/events-page'), 'EventsPage');
const EventPage = lazyNamed(() => import('./pages/event-page'), 'EventPage');
const EventDetailAlias = lazyNamed(() => import('./features/events/event-detail-alias'), 'EventDetailAlias');
const NewsPage = lazyNamed(() => import('./features/news/news-page'), 'NewsPage');
const NewsItemPage = lazyNamed(() => import('./features/news/news-item-page'), 'NewsItemPage');
const FoundationsPage = lazyNamed(() => import('./features/foundations/foundations-page'), 'FoundationsPage');
const FoundationDetailPage = lazyNamed(
  () => import('./features/foundations/foundation-detail-page'),
  'FoundationDetailPage',
);
const FaqPage = lazyNamed(() => import('./features/faq/faq-page'), 'FaqPage');
const TermsPage = lazyNamed(() => import('./features/legal/terms-page'), 'TermsPage');
const PrivacyPolicyPage = lazyNamed(
  () => import('./features/legal/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const VolunteerDevelopmentPage = lazyNamed(
  () => import('./features/volunteer/volunteer-development-page'),
  'VolunteerDevelopmentPage',
);
const VolunteerRequestsPage = lazyNamed(
  () => import('./features/volunteer-requests/volunteer-requests-page'),
  'VolunteerRequestsPage',
);
const VolunteerRequestPage = lazyNamed(
  () => import('./features/volunteer-requests/volunteer-request-page'),
  'VolunteerRequestPage',
);
const VerifyPage = lazyNamed(() => import('./features/verify/verify-page'), 'VerifyPage');
const AuthPage = lazyNamed(() => import('./features/auth/auth-page'), 'AuthPage');
const AdminLoginPage = lazyNamed(() => import('./features/auth/admin-login-page'), 'AdminLoginPage');
const ClaimPage = lazyNamed(() => import('./features/claim/claim-page'), 'ClaimPage');
const UnsubscribePage = lazyNamed(
  () => import('./features/notification-settings/unsubscribe-page'),
  'UnsubscribePage',
);
const ForgotPasswordPage = lazyNamed(
  () => import('./features/passwords/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('./features/passwords/reset-password-page'),
  'ResetPasswordPage',
);

// Working areas: never part of what a public page downloads.
const ProfileGate = lazyNamed(() => import('./features/profile/profile-gate'), 'ProfileGate');
const AdminPage = lazyNamed(() => import('./features/admin/admin-page'), 'AdminPage');
const DashboardPage = lazyNamed(() => import('./pages/dashboard-page'), 'DashboardPage');
const EventFormPage = lazyNamed(() => import('./features/events/event-form-page'), 'EventFormPage');
const DashboardEventPage = lazyNamed(
  () => import('./features/events/dashboard-event-page'),
  'DashboardEventPage',
);
const FoundationApprovedApplicationsPage = lazyNamed(
  () => import('./features/applications/approved-applications-pages'),
  'FoundationApprovedApplicationsPage',
);
const SchoolApprovedApplicationsPage = lazyNamed(
  () => import('./features/applications/approved-applications-pages'),
  'SchoolApprovedApplicationsPage',
);
const FoundationEventPage = lazyNamed(
  () => import('./pages/foundation-event-page'),
  'FoundationEventWithMessagesPage',
);
const FoundationApplicationsPage = lazyNamed(
  () => import('./features/applications/foundation-applications-page'),
  'FoundationApplicationsPage',
);
const SchoolApplicationsOldAlias = lazyNamed(
  () => import('./features/applications/school-applications-old-alias'),
  'SchoolApplicationsOldAlias',
);
const SchoolApplicationsPage = lazyNamed(
  () => import('./features/applications/school-applications-page'),
  'SchoolApplicationsPage',
);
const CreateRequestPage = lazyNamed(
  () => import('./features/volunteer-requests/create-request-page'),
  'CreateRequestPage',
);
const EditProfilePage = lazyNamed(() => import('./features/profile/edit-profile-page'), 'EditProfilePage');

/**
 * What a route tells the server about its page: `browserOnly` pages are never drawn by the server,
 * `signedIn` pages only for a visitor with a session; `searchParams` names the query parameters the
 * page reads, the only ones that make a page of their own (src/web/entry-server.tsx, pageAddress).
 */
export interface PageHandle {
  browserOnly?: true;
  signedIn?: true;
  searchParams?: readonly string[];
}

/** The lists keep their filters and page in the address, and the server draws each such list. */
const listPage = (...names: Record<string, string>[]) =>
  ({ searchParams: names.flatMap((list) => Object.values(list)) }) satisfies PageHandle;

/** Pages every visitor sees alike: the server renders them for visitors who are not signed in. */
const publicPages: RouteObject[] = [
  {
    path: '/',
    element: <HomePage />,
    handle: listPage(lists.homeEvents, lists.homeFoundations),
  },
  { path: '/events', element: <EventsPage />, handle: listPage(lists.eventsPage) },
  { path: '/events-calendar', element: <EventsPage />, handle: listPage(lists.eventsPage) },
  { path: '/events/:id', element: <EventPage /> },
  {
    path: '/event-detail',
    element: <EventDetailAlias />,
    // Without an id it is the events page, with that page's filters.
    handle: listPage({ id: 'id' }, lists.eventsPage),
  },
  { path: '/event-detail/:id', element: <EventPage /> },
  { path: '/school-applications-old', element: <SchoolApplicationsOldAlias /> },
  { path: '/news', element: <NewsPage /> },
  { path: '/news/:id', element: <NewsItemPage /> },
  { path: '/foundations', element: <FoundationsPage />, handle: listPage(lists.foundationsPage) },
  { path: '/faq', element: <FaqPage /> },
  { path: '/terms-of-service', element: <TermsPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/volunteer-development', element: <VolunteerDevelopmentPage /> },
  { path: '/foundations/:id', element: <FoundationDetailPage /> },
  {
    path: '/volunteer-requests',
    element: <VolunteerRequestsPage />,
    handle: listPage(lists.volunteerRequests),
  },
  { path: '/volunteer-requests/:id', element: <VolunteerRequestPage /> },
  { path: '/verify', element: <VerifyPage /> },
  { path: '/verify/:code', element: <VerifyPage /> },
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
  // A pupil's name typed before the script runs would go into the address of a plain form's request.
  { path: '/claim', element: <ClaimPage /> },
  { path: '/claim/:code', element: <ClaimPage /> },
  // Opening it unsubscribes, which only the page's script does: a server-drawn page would change nothing
  // and look as if it had.
  { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
];

/** One layout route per guard: a visitor it turns away never reaches a page, so no page checks roles. */
const workingAreas: RouteObject[] = [
  {
    element: <RequireAdmin />,
    children: [{ path: '/admin', element: <AdminPage /> }],
  },
  {
    element: <RequireUser />,
    children: [
      profileGated([{ path: '/dashboard', element: <DashboardPage /> }]),
      {
        // The administrator's profile is not edited here; the dashboard is where every role lands.
        element: <RequireRole allowed={['school', 'foundation']} />,
        children: [{ path: '/dashboard/edit-profile', element: <EditProfilePage /> }],
      },
      {
        element: <RequireRole allowed="foundation" />,
        children: [
          profileGated([
            { path: '/dashboard/create-event', element: <EventFormPage /> },
            { path: '/dashboard/edit-event/:id', element: <EventFormPage /> },
            { path: '/dashboard/event/:id', element: <DashboardEventPage /> },
            { path: '/dashboard/create-request', element: <CreateRequestPage /> },
            { path: '/foundation-approved-applications', element: <FoundationApprovedApplicationsPage /> },
            { path: '/foundation/event/:eventId', element: <FoundationEventPage /> },
            { path: '/foundation-applications', element: <FoundationApplicationsPage /> },
          ]),
        ],
      },
      {
        element: <RequireRole allowed="school" />,
        children: [
          profileGated([
            { path: '/school-approved-applications', element: <SchoolApprovedApplicationsPage /> },
            { path: '/school-applications', element: <SchoolApplicationsPage /> },
          ]),
        ],
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      ...publicPages,
      // The server asks every matched route, so a guard's mark covers each page under it.
      ...formPages.map((page) => ({ ...page, handle: browserOnly })),
      ...workingAreas.map((page) => ({ ...page, handle: signedIn })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The page for the current address. The router runs in declarative mode (BrowserRouter in the browser,
 * StaticRouter on the server), not as a data router: our pages load their data with React Query, and
 * the data router's loaders, actions and fetchers cost every public page 17 KB of JavaScript (gzip).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
