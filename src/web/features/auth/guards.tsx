import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { signInAddress } from '../../lib/sign-in-return';
import { useCurrentUser } from './api';

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
