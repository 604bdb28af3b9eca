import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../../shared/roles';
import { useCurrentUser } from '../../api/session';
import { Spinner } from '../../components/ui/spinner';
import { signInAddress } from '../../lib/sign-in-return';

/**
 * Spinner while the session loads, then /auth for an anonymous visitor (which brings them back here once
 * signed in), else the page.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const { pathname, search, hash } = useLocation();
  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (!user) return <Navigate to={signInAddress(`${pathname}${search}${hash}`)} replace />;
  return children;
}

/** Anyone who is not signed in as an administrator goes to /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (user?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return children;
}

/**
 * A page of one role, inside RequireUser: any other account goes to its dashboard before the page
 * mounts, so none of the page's queries runs and the API never answers 403 (issue 22, item 15).
 */
export function RequireRole({ allowed, children }: { allowed: Role; children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (user?.role !== allowed) return <Navigate to="/dashboard" replace />;
  return children;
}
