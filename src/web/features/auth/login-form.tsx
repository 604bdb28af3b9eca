import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type LoginInput, loginSchema, type SessionUser } from '../../../shared/auth';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { type LoginKind, useLogin } from './api/login';
import { authTexts } from './texts';

interface LoginFormProps {
  kind: LoginKind;
  onSuccess: (user: SessionUser) => void;
  /** Text of the error toast when the server gives no message. */
  fallbackError?: string;
}

/** Username and password; used by /auth and, as the admin kind, by /admin/login. */
export function LoginForm({ kind, onSuccess, fallbackError = authTexts.genericFailure }: LoginFormProps) {
  const mutation = useLogin(kind, {
    onSuccess: (user) => {
      toast({ title: authTexts.loginSuccess, description: authTexts.welcome(user.username) });
      onSuccess(user);
    },
    onError: (error) =>
      toast({
        title: authTexts.loginFailure,
        description: errorText(error, fallbackError),
        variant: 'destructive',
      }),
  });
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => mutation.mutate(values));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={authTexts.username} error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label={authTexts.password} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      {kind === 'user' ? (
        <p className="text-right text-sm">
          <Link
            to="/forgot-password"
            className="font-medium text-primary underline underline-offset-4 dark:text-green-400"
          >
            {authTexts.forgotPassword}
          </Link>
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? authTexts.loginPending : authTexts.loginSubmit}
      </Button>
    </form>
  );
}
