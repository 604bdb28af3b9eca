import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type AdminUsernameFormInput, adminMessages, adminUsernameFormSchema } from '../../../shared/admin';
import { errorText } from '../../api/client';
import { useCurrentUser } from '../../api/session';
import { PasswordChangeCard } from '../../components/password-change-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useUpdateAdminCredentials } from './api/update-admin-credentials';
import { settingsTexts as t } from './settings-texts';

/** After a new name the server has ended every session: wait this long for the toast, then sign in again. */
const relogDelayMs = 1500;

const emptyForm: AdminUsernameFormInput = { newUsername: '', currentPassword: '' };

/**
 * The settings tab: the administrator's new name, confirmed by the current password, and the password
 * card every account has.
 */
export function AdminSettingsTab() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useUpdateAdminCredentials();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<AdminUsernameFormInput>({
    resolver: zodResolver(adminUsernameFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newUsername }) => {
    if (newUsername === user?.username) {
      form.setError('newUsername', { type: 'custom', message: adminMessages.nothingToChange });
      return;
    }
    mutation.mutate(
      { currentPassword, newUsername },
      {
        onSuccess: () => {
          toast({ title: adminMessages.credentialsUpdated });
          form.reset(emptyForm);
          timer.current = setTimeout(() => {
            queryClient.clear();
            void navigate('/admin/login', { replace: true });
          }, relogDelayMs);
        },
        onError: (error) =>
          toast({
            title: t.failure,
            description: errorText(error, t.failureFallback),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <div className="space-y-6">
      <Card padding="responsive" className="max-w-xl">
        <h2 className="text-xl font-semibold">{t.title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t.description}</p>
        <form onSubmit={submit} noValidate className="mt-4 space-y-4">
          <FormField label={t.newUsername} error={errors.newUsername?.message}>
            <Input autoComplete="username" required {...form.register('newUsername')} />
          </FormField>
          <FormField label={t.currentPassword} error={errors.currentPassword?.message}>
            <Input
              type="password"
              autoComplete="current-password"
              required
              {...form.register('currentPassword')}
            />
          </FormField>
          <Button
            type="submit"
            className="w-full sm:w-auto"
            disabled={mutation.isPending || mutation.isSuccess}
          >
            {mutation.isPending ? t.saving : t.save}
          </Button>
        </form>
      </Card>
      <PasswordChangeCard />
    </div>
  );
}
