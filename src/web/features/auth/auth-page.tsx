import { Tabs } from 'radix-ui';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageHead } from '../../components/page-head';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from './api';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { authTexts } from './texts';

type AuthTab = 'login' | 'register';
const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /auth: sign-in and sign-up tabs; ?tab=register opens sign-up. A signed-in user goes home. */
export function AuthPage() {
  usePageHead({ title: authTexts.pageTitle, description: authTexts.pageSubtitle });
  const { data: user, isPending } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: AuthTab = searchParams.get('tab') === 'register' ? 'register' : 'login';

  if (isPending) return <Spinner />;
  if (user) return <Navigate to="/" replace />;

  const goHome = () => navigate('/', { replace: true });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="mb-6 text-center">
        <h1 className="text-2xl font-bold">{authTexts.pageTitle}</h1>
        <p className="text-muted-foreground">{authTexts.pageSubtitle}</p>
      </div>
      <Card>
        <Tabs.Root value={tab} onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}>
          <Tabs.List
            aria-label={authTexts.pageTitle}
            className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1"
          >
            <Tabs.Trigger value="login" className={tabClass}>
              {authTexts.loginTab}
            </Tabs.Trigger>
            <Tabs.Trigger value="register" className={tabClass}>
              {authTexts.registerTab}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login">
            <LoginForm kind="user" onSuccess={goHome} />
          </Tabs.Content>
          <Tabs.Content value="register">
            <RegisterForm onSuccess={goHome} />
          </Tabs.Content>
        </Tabs.Root>
      </Card>
    </div>
  );
}
