import { AlertTriangle, CheckCircle2, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useProfile } from '../../api/profile';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useSignOut } from '../../lib/use-sign-out';
import { profileTexts } from './texts';

/**
 * Working pages ask a non-admin with an incomplete profile to fill it in first (working-areas.md,
 * 'Profile gate'). The edit-profile page itself is never wrapped.
 */
export function ProfileGate({ children }: { children: ReactNode }) {
  const { data: profile, isPending, isError } = useProfile();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut, isPending: signingOut } = useSignOut();
  if (isPending) return <Spinner className="min-h-screen" />;
  // A failed profile load must not lock anyone out; the pages show their own errors.
  if (isError || profile.role === 'admin' || profile.isProfileComplete) return children;

  const points =
    profile.role === 'foundation' ? profileTexts.gateFoundationPoints : profileTexts.gateSchoolPoints;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card className="space-y-5">
        <div className="flex items-start justify-between gap-4">
          <h1 className="text-2xl font-bold">{profileTexts.gateTitle(profile.role)}</h1>
          <Button
            variant="ghost"
            size="icon"
            aria-label={profileTexts.gateLogout}
            disabled={signingOut}
            onClick={signOut}
          >
            <LogOut aria-hidden />
          </Button>
        </div>
        <p className="flex items-center gap-2 rounded-lg bg-amber-100 p-3 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          <AlertTriangle aria-hidden className="size-5 shrink-0" />
          {profileTexts.gateWarning}
        </p>
        <p className="text-muted-foreground">{profileTexts.gateIntro}</p>
        <ul className="space-y-2">
          {points.map((point) => (
            <li key={point} className="flex items-center gap-2">
              <CheckCircle2 aria-hidden className="size-5 text-primary" />
              {point}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild className="flex-1">
            <Link to="/dashboard/edit-profile">{profileTexts.gateFillNow}</Link>
          </Button>
          <Button
            variant="outline"
            className="flex-1"
            onClick={() => (location.key === 'default' ? navigate('/') : navigate(-1))}
          >
            {profileTexts.gateLater}
          </Button>
        </div>
      </Card>
    </div>
  );
}
