import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type PasswordChangeFormInput, passwordChangeFormSchema } from '../../shared/passwords';
import { useChangePassword } from '../api/change-password';
import { errorText } from '../api/client';
import { passwordChangeTexts as t } from './password-texts';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { FormField } from './ui/form-field';
import { Input } from './ui/input';
import { toast } from './ui/toast';

const emptyForm: PasswordChangeFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The current password, the new one twice; any signed-in account, on its dashboard or in the panel. */
export function PasswordChangeCard() {
  const mutation = useChangePassword();
  const form = useForm<PasswordChangeFormInput>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          toast({ title: message });
          form.reset(emptyForm);
        },
        onError: (error) =>
          toast({
            title: t.failure,
            description: errorText(error, t.failureFallback),
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <Card padding="responsive" className="max-w-xl">
      <h2 className="text-lg font-semibold">{t.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.description}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={t.title}>
        <FormField label={t.currentPassword} error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField label={t.newPassword} error={errors.newPassword?.message} hint={t.newPasswordHint}>
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField label={t.confirmPassword} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full sm:w-auto" disabled={mutation.isPending}>
          {mutation.isPending ? t.pending : t.submit}
        </Button>
      </form>
    </Card>
  );
}
