import { createBrowserRouter } from 'react-router';
import { SiteLayout } from './components/layout/site-layout';
import { AdminLoginPage } from './features/admin/admin-login-page';
import { AdminPage } from './features/admin/admin-page';
import { AuthPage } from './features/auth/auth-page';
import { RequireAdmin, RequireUser } from './features/auth/guards';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFoundPage } from './features/errors/not-found-page';
import { DashboardEventPage } from './features/events/dashboard-event-page';
import { EventDetailAlias } from './features/events/event-detail-alias';
import { EventDetailPage } from './features/events/event-detail-page';
import { EventFormPage } from './features/events/event-form-page';
import { EventsPage } from './features/events/events-page';
import { FaqPage } from './features/faq/faq-page';
import { FoundationDetailPage } from './features/foundations/foundation-detail-page';
import { FoundationsPage } from './features/foundations/foundations-page';
import { HomePage } from './features/home/home-page';
import { PrivacyPolicyPage } from './features/legal/privacy-policy-page';
import { TermsPage } from './features/legal/terms-page';
import { NewsPage } from './features/news/news-page';
import { EditProfilePage } from './features/profile/edit-profile-page';
import { ProfileGate } from './features/profile/profile-gate';
import {
  FoundationApprovedApplicationsPage,
  SchoolApprovedApplicationsPage,
} from './features/registrations/approved-applications-pages';
import { FoundationApplicationsPage } from './features/registrations/foundation-applications-page';
import { FoundationEventPage } from './features/registrations/foundation-event-page';
import { SchoolApplicationsOldPage } from './features/registrations/school-applications-old-page';
import { SchoolApplicationsPage } from './features/registrations/school-applications-page';
import { VolunteerDevelopmentPage } from './features/volunteer/volunteer-development-page';
import { CreateRequestPage } from './features/volunteer-requests/create-request-page';
import { VolunteerRequestPage } from './features/volunteer-requests/volunteer-request-page';
import { VolunteerRequestsPage } from './features/volunteer-requests/volunteer-requests-page';

export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/events', element: <EventsPage /> },
      { path: '/events-calendar', element: <EventsPage /> },
      { path: '/events/:id', element: <EventDetailPage /> },
      { path: '/event-detail', element: <EventDetailAlias /> },
      { path: '/event-detail/:id', element: <EventDetailPage /> },
      { path: '/news', element: <NewsPage /> },
      { path: '/foundations', element: <FoundationsPage /> },
      { path: '/faq', element: <FaqPage /> },
      { path: '/terms-of-service', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/volunteer-development', element: <VolunteerDevelopmentPage /> },
      { path: '/foundations/:id', element: <FoundationDetailPage /> },
      { path: '/volunteer-requests', element: <VolunteerRequestsPage /> },
      { path: '/volunteer-requests/:id', element: <VolunteerRequestPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        ),
      },
      {
        path: '/dashboard',
        element: (
          <RequireUser>
            <ProfileGate>
              <DashboardPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/dashboard/create-event',
        element: (
          <RequireUser>
            <ProfileGate>
              <EventFormPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/dashboard/edit-event/:id',
        element: (
          <RequireUser>
            <ProfileGate>
              <EventFormPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/dashboard/event/:id',
        element: (
          <RequireUser>
            <ProfileGate>
              <DashboardEventPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/foundation-approved-applications',
        element: (
          <RequireUser>
            <ProfileGate>
              <FoundationApprovedApplicationsPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/school-approved-applications',
        element: (
          <RequireUser>
            <ProfileGate>
              <SchoolApprovedApplicationsPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/foundation/event/:eventId',
        element: (
          <RequireUser>
            <ProfileGate>
              <FoundationEventPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/foundation-applications',
        element: (
          <RequireUser>
            <ProfileGate>
              <FoundationApplicationsPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/school-applications',
        element: (
          <RequireUser>
            <ProfileGate>
              <SchoolApplicationsPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/school-applications-old',
        element: (
          <RequireUser>
            <ProfileGate>
              <SchoolApplicationsOldPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/dashboard/create-request',
        element: (
          <RequireUser>
            <ProfileGate>
              <CreateRequestPage />
            </ProfileGate>
          </RequireUser>
        ),
      },
      {
        path: '/dashboard/edit-profile',
        element: (
          <RequireUser>
            <EditProfilePage />
          </RequireUser>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
