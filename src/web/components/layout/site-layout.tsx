import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useHasNewNotifications } from '../../api/notification-check';
import { useCurrentUser } from '../../api/session';
import { Spinner } from '../ui/spinner';
import { AppReadyMarker } from './app-ready-marker';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToHash } from './scroll-to-hash';

/** Header, page and footer around every screen. */
export function SiteLayout() {
  const { data: user, isPending } = useCurrentUser();
  const signedIn = isPending ? undefined : Boolean(user);
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
      <Header signedIn={signedIn} hasNewNotifications={hasNewNotifications} />
      {/* Focusable from script only, so the skip link puts the keyboard at the start of the page's content.
          Names, e-mails, links and notes are typed by people and may hold no place to break a line; every
          page's text may break anywhere rather than push the page wider than a phone (issue 22, item 10).
          As overflow-wrap: anywhere also lowers a text's narrowest width, flex and grid items shrink too. */}
      <main id="main" tabIndex={-1} className="flex-1 wrap-anywhere focus:outline-none">
        {/* Pages load their code on first visit. The spinner fills the screen so the footer stays below
            it and does not jump when the page arrives. */}
        <Suspense fallback={<Spinner className="min-h-screen" />}>
          <Outlet />
          <AppReadyMarker />
        </Suspense>
      </main>
      <Footer signedIn={signedIn} />
    </div>
  );
}
