import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { passwordResetRequestSchema } from '../../../shared/passwords';
import { errorText } from '../../api/client';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRequestPasswordReset } from './api/password-reset';
import { passwordPageTexts as t } from './texts';

type FormInput = z.input<typeof passwordResetRequestSchema>;
type FormOutput = z.output<typeof passwordResetRequestSchema>;

/** /forgot-password: a username or e-mail in, the same neutral answer out whatever it names. */
export function ForgotPasswordPage() {
  usePageHead({ title: t.forgotTitle, description: t.forgotDescription });
  const mutation = useRequestPasswordReset();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { login: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onError: (error) =>
        toast({ title: t.failure, description: errorText(error, t.failureFallback), variant: 'destructive' }),
    }),
  );

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-center text-2xl font-bold">{t.forgotTitle}</h1>
      <Card padding="responsive" className="space-y-4">
        {mutation.isSuccess ? (
          <p role="status" className="rounded-lg bg-muted/60 p-3">
            {mutation.data.message}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t.forgotDescription}</p>
            <form onSubmit={submit} noValidate className="space-y-4">
              <FormField label={t.login} error={errors.login?.message}>
                <Input autoComplete="username" {...form.register('login')} />
              </FormField>
              <Button type="submit" className="w-full" disabled={mutation.isPending}>
                {mutation.isPending ? t.sending : t.send}
              </Button>
            </form>
          </>
        )}
        <p className="text-sm text-muted-foreground">{t.noEmail}</p>
        <Link
          to="/auth"
          className="inline-block text-sm font-medium text-primary underline underline-offset-4 dark:text-green-400"
        >
          {t.backToSignIn}
        </Link>
      </Card>
    </div>
  );
}
