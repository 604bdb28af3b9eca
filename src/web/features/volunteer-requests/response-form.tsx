import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Profile } from '../../../shared/profile';
import {
  defaultVolunteersOffered,
  schoolResponseInputSchema,
  volunteersOfferedFrom,
} from '../../../shared/volunteer-requests';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRespondToRequest } from './api/respond-to-request';
import { requestTexts as t } from './texts';

type FormInput = z.input<typeof schoolResponseInputSchema>;
type FormOutput = z.output<typeof schoolResponseInputSchema>;

/** The school's one answer to an open request; contacts come prefilled from its profile. */
export function ResponseForm({ requestId, profile }: { requestId: number; profile: Profile }) {
  const respond = useRespondToRequest(requestId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schoolResponseInputSchema),
    defaultValues: {
      volunteersOffered: defaultVolunteersOffered,
      message: '',
      contactPerson: profile.contactPerson ?? '',
      contactPhone: profile.phone ?? '',
      contactEmail: profile.email ?? '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    respond.mutate(values, {
      onSuccess: () => toast({ title: t.responded, description: t.respondedText }),
      onError: (error) =>
        toast({ title: 'Ошибка', description: errorText(error, t.respondFailed), variant: 'destructive' }),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <Controller
        control={form.control}
        name="volunteersOffered"
        render={({ field }) => (
          <FormField label={t.volunteersOffered} error={errors.volunteersOffered?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(event) => field.onChange(event.target.value)}
              // The count falls back to 1 when what was typed is not a whole number from 1 (spec section 5).
              onBlur={(event) => {
                field.onChange(volunteersOfferedFrom(event.target.value));
                field.onBlur();
              }}
            />
          </FormField>
        )}
      />
      <FormField label={t.contactPerson} error={errors.contactPerson?.message}>
        <Input autoComplete="name" {...form.register('contactPerson')} />
      </FormField>
      <FormField label={t.contactPhone} error={errors.contactPhone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('contactPhone')} />
      </FormField>
      <FormField label={t.contactEmail} error={errors.contactEmail?.message}>
        <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
      </FormField>
      <FormField label={t.message} error={errors.message?.message}>
        <Textarea {...form.register('message')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={respond.isPending}>
        {respond.isPending ? t.sending : t.send}
      </Button>
    </form>
  );
}
