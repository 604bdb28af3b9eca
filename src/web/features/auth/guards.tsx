import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from './api';

/** Spinner while the session loads, then /auth for an anonymous visitor, else the page. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (!user) return <Navigate to="/auth" replace />;
  return children;
}

/** Anyone who is not signed in as an administrator goes to /admin/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (user?.role !== 'admin') return <Navigate to="/admin/login" replace />;
  return children;
}
