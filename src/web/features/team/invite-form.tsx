import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { memberRoleLabels } from '../../../shared/roles';
import { invitableRoles, invitationInputSchema } from '../../../shared/team';
import { ApiError, errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { toastFailure } from '../../lib/failure-toast';
import { useInvite } from './api/invite';
import { teamTexts as t } from './texts';

type FormInput = z.input<typeof invitationInputSchema>;
type FormOutput = z.output<typeof invitationInputSchema>;

/** The owner's form: an e-mail and a role, coordinator or viewer; the server sends the letter. */
export function InviteForm() {
  const invite = useInvite();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'coordinator' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: message });
        form.reset();
      },
      // Already invited, already in the team: said at the address, where it is to be fixed.
      onError: (error) =>
        error instanceof ApiError && error.status === 409
          ? form.setError('email', { message: errorText(error, t.failureFallback) }, { shouldFocus: true })
          : toastFailure(error, t.failure, t.failureFallback),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">{t.inviteDescription}</p>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label={t.email} error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label={t.role} error={errors.role?.message}>
          <Select {...form.register('role')}>
            {invitableRoles.map((role) => (
              <option key={role} value={role}>
                {memberRoleLabels[role]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? t.sending : t.send}
      </Button>
    </form>
  );
}
