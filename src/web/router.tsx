import { createBrowserRouter } from 'react-router';
import { SiteLayout } from './components/layout/site-layout';
import { AdminLoginPage } from './features/admin/admin-login-page';
import { AdminPage } from './features/admin/admin-page';
import { AuthPage } from './features/auth/auth-page';
import { RequireAdmin, RequireUser } from './features/auth/guards';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFoundPage } from './features/errors/not-found-page';
import { HomePage } from './features/home/home-page';

export const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <HomePage /> },
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
            <DashboardPage />
          </RequireUser>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
