import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { type SessionUser, signUpRoleSchema } from '../../../shared/auth';
import { useCurrentUser } from '../../api/session';
import { usePageHead } from '../../components/page-head';
import { Card } from '../../components/ui/card';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { Spinner } from '../../components/ui/spinner';
import { nextParam, safeNextPath } from '../../lib/sign-in-return';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { authTexts } from './texts';

type AuthTab = 'login' | 'register';
/** Where a role lands when no page asked for the sign-in. */
const homeOf = (user: SessionUser) => (user.role === 'admin' ? '/admin' : '/');

/**
 * /auth: sign-in and sign-up tabs; ?tab=register opens sign-up, &role=school or foundation chooses the
 * account type. Once signed in (or if already), the visitor goes to ?next= when it is a page of this
 * site, else to their role's home.
 */
export function AuthPage() {
  usePageHead({ title: authTexts.pageTitle, description: authTexts.pageSubtitle });
  const { data: user, isPending } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const role = signUpRoleSchema.safeParse(searchParams.get('role')).data;
  const next = safeNextPath(searchParams.get(nextParam));

  if (isPending) return <Spinner />;
  if (user) return <Navigate to={next ?? homeOf(user)} replace />;

  const goOn = (signedIn: SessionUser) => navigate(next ?? homeOf(signedIn), { replace: true });
  // The other tab keeps the page to return to and the chosen account type.
  const showTab = (value: string) =>
    setSearchParams(
      (current) => {
        current.set('tab', value);
        return current;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold">{authTexts.pageTitle}</h1>
        <p className="text-muted-foreground">{authTexts.pageSubtitle}</p>
      </div>
      <Card>
        <SegmentedTabs
          value={tab}
          onValueChange={showTab}
          label={authTexts.pageTitle}
          tabs={[
            { value: 'login', label: authTexts.loginTab, panel: <LoginForm kind="user" onSuccess={goOn} /> },
            {
              value: 'register',
              label: authTexts.registerTab,
              panel: <RegisterForm key={role} initialRole={role} onSuccess={goOn} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
