import { Outlet } from 'react-router';
import { useCurrentUser } from '../../features/auth/api';
import { useHasNewNotifications } from '../../features/notifications/api';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToHash } from './scroll-to-hash';

/** Header, page and footer around every screen. */
export function SiteLayout() {
  const { data: user } = useCurrentUser();
  const hasNewNotifications = useHasNewNotifications(Boolean(user));
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:p-2"
      >
        Перейти к содержимому
      </a>
      <ScrollToHash />
      <Header signedIn={Boolean(user)} hasNewNotifications={hasNewNotifications} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
