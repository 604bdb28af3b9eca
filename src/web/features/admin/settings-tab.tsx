import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type AdminCredentialsInput, adminCredentialsFormSchema, adminMessages } from '../../../shared/admin';
import { errorText } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useUpdateAdminCredentials } from './api/update-admin-credentials';
import { settingsTexts as t } from './settings-texts';

type CredentialsFormInput = z.input<typeof adminCredentialsFormSchema>;
type CredentialsFormOutput = z.output<typeof adminCredentialsFormSchema>;

/** After a change the server has ended every session: wait this long for the toast, then sign in again. */
const relogDelayMs = 1500;

const emptyForm: CredentialsFormInput = {
  newUsername: '',
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The settings tab: the administrator's new name and/or password, confirmed by the current password. */
export function AdminSettingsTab() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useUpdateAdminCredentials();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<CredentialsFormInput, unknown, CredentialsFormOutput>({
    resolver: zodResolver(adminCredentialsFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  // A rule without a field (nothing to change) lands under the empty key.
  const formError = (errors as Partial<Record<string, { message?: string }>>)['']?.message;

  const submit = form.handleSubmit(({ currentPassword, newUsername, newPassword }) => {
    const usernameChanged = newUsername !== undefined && newUsername !== user?.username;
    if (!usernameChanged && newPassword === undefined) {
      form.setError('newUsername', { type: 'custom', message: adminMessages.nothingToChange });
      return;
    }
    const input: AdminCredentialsInput = {
      currentPassword,
      ...(usernameChanged ? { newUsername } : {}),
      ...(newPassword !== undefined ? { newPassword } : {}),
    };
    mutation.mutate(input, {
      onSuccess: () => {
        toast({ title: adminMessages.credentialsUpdated });
        form.reset(emptyForm);
        timer.current = setTimeout(() => {
          queryClient.clear();
          void navigate('/admin/login', { replace: true });
        }, relogDelayMs);
      },
      onError: (error) =>
        toast({ title: t.failure, description: errorText(error, t.failureFallback), variant: 'destructive' }),
    });
  });

  return (
    <Card padding="responsive" className="max-w-xl">
      <h2 className="text-xl font-semibold">{t.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.description}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormField label={t.newUsername} error={errors.newUsername?.message} hint={t.newUsernameHint}>
          <Input autoComplete="username" {...form.register('newUsername')} />
        </FormField>
        <FormField label={t.currentPassword} error={errors.currentPassword?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            required
            {...form.register('currentPassword')}
          />
        </FormField>
        <FormField label={t.newPassword} error={errors.newPassword?.message} hint={t.newPasswordHint}>
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label={t.confirmPassword} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        {formError ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {formError}
          </p>
        ) : null}
        <Button
          type="submit"
          className="w-full sm:w-auto"
          disabled={mutation.isPending || mutation.isSuccess}
        >
          {mutation.isPending ? t.saving : t.save}
        </Button>
      </form>
    </Card>
  );
}
