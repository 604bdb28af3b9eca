import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { type PasswordResetFormInput, passwordResetFormSchema } from '../../../shared/passwords';
import { ApiError, errorText } from '../../api/client';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useConfirmPasswordReset, useResetLink } from './api/password-reset';
import { passwordPageTexts as t } from './texts';

const requestNewLink = (
  <Link
    to="/forgot-password"
    className="inline-block text-sm font-medium text-primary underline underline-offset-4 dark:text-green-400"
  >
    {t.requestNew}
  </Link>
);

/** The server's refusals of the link itself (used, expired, unknown, malformed), as against a fault. */
const refusesLink = (error: Error | null) => error instanceof ApiError && [400, 404].includes(error.status);

/**
 * /reset-password#<token>: the link from the letter. The token is in the fragment, which the browser
 * never sends to the server; on success the person signs in with the new password. The page asks first
 * whether the link is still open, so that nobody types a new password twice only to hear it is used.
 */
export function ResetPasswordPage() {
  usePageHead({ title: t.resetTitle, description: t.resetDescription });
  const { hash } = useLocation();
  const navigate = useNavigate();
  // Read once: the form keeps working should something change the address meanwhile.
  const [token] = useState(() => hash.replace(/^#/, ''));
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const link = useResetLink(token);
  const mutation = useConfirmPasswordReset();
  const form = useForm<PasswordResetFormInput>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ newPassword }) => {
    setFailure(undefined);
    mutation.mutate(
      { token, newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: message });
          void navigate('/auth', { replace: true });
        },
        onError: (error) => setFailure(errorText(error, t.failureFallback)),
      },
    );
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-center text-2xl font-bold">{t.resetTitle}</h1>
      <Card padding="responsive" className="space-y-4">
        {token === '' ? (
          <>
            <p role="alert">{t.incompleteLink}</p>
            {requestNewLink}
          </>
        ) : link.isPending ? (
          <Spinner label={t.checkingLink} />
        ) : refusesLink(link.error) ? (
          <>
            <p role="alert">{errorText(link.error, t.failureFallback)}</p>
            {requestNewLink}
          </>
        ) : (
          // A check that failed otherwise (no connection, too many requests) still leaves the form: saving
          // asks the server again and says what went wrong.
          <>
            <p className="text-sm text-muted-foreground">{t.resetDescription}</p>
            <form onSubmit={submit} noValidate className="space-y-4">
              <FormField label={t.newPassword} error={errors.newPassword?.message} hint={t.newPasswordHint}>
                <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
              </FormField>
              <FormField label={t.confirmPassword} error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </FormField>
              {failure ? (
                <p role="alert" className="text-sm text-destructive dark:text-red-400">
                  {failure}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={mutation.isPending || mutation.isSuccess}>
                {mutation.isPending ? t.saving : t.save}
              </Button>
            </form>
            {failure ? requestNewLink : null}
          </>
        )}
      </Card>
    </div>
  );
}
