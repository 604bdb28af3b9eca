import { Outlet, useLocation } from 'react-router';
import type { Role } from '../../../shared/roles';
import { useCurrentUser } from '../../api/session';
import { Redirect } from '../../components/redirect';
import { Spinner } from '../../components/ui/spinner';
import { signInAddress } from '../../lib/sign-in-return';

// Layout routes (src/web/router.tsx): each guard stands once above the pages it protects and renders
// them through <Outlet />, so a visitor it turns away never mounts a page and none of the page's queries
// runs. Pages never check the role to send somebody elsewhere themselves.

/**
 * A signed-in page is at least a screen tall, loading or loaded, like the spinners before it: the footer
 * stays below the screen while the page's parts arrive, instead of showing and being pushed down by each
 * of them (issue 27: layout shifts of 1.2-1.3 on the applications pages).
 */
function WorkingArea() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  );
}

/**
 * Spinner while the session loads, then /auth for an anonymous visitor (which brings them back here once
 * signed in), else the page.
 */
export function RequireUser() {
  const { data: user, isPending } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  if (isPending) return <Spinner className="min-h-screen" />;
  if (!user) return <Redirect to={signInAddress(`${pathname}${search}${hash}`)} />;
  return <WorkingArea />;
}

/** Anyone who is not signed in as an administrator goes to /admin/login. */
export function RequireAdmin() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-screen" />;
  if (user?.role !== 'admin') return <Redirect to="/admin/login" />;
  return <WorkingArea />;
}

/**
 * Pages of one role (or of a few), inside RequireUser: any other account goes to its dashboard before
 * the page mounts, so the API never answers 403 (issue 22, item 15).
 */
export function RequireRole({ allowed }: { allowed: Role | readonly Role[] }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-screen" />;
  const roles: readonly Role[] = typeof allowed === 'string' ? [allowed] : allowed;
  if (!user || !roles.includes(user.role)) return <Redirect to="/dashboard" />;
  return <Outlet />;
}
