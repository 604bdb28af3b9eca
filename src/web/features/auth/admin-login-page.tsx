import { ShieldCheck } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../api/session';
import { usePageHead } from '../../components/page-head';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { LoginForm } from './login-form';
import { adminLoginPageTitle } from './texts';

export function AdminLoginPage() {
  usePageHead({ title: adminLoginPageTitle });
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  if (isPending) return <Spinner />;
  if (user?.role === 'admin') return <Navigate to="/admin" replace />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <ShieldCheck aria-hidden className="size-10 text-primary" />
        <h1 className="text-2xl font-bold">Вход для администратора</h1>
      </div>
      <Card>
        <LoginForm
          kind="admin"
          fallbackError="Произошла ошибка при попытке входа"
          onSuccess={() => navigate('/admin', { replace: true })}
        />
      </Card>
    </div>
  );
}
