import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Profile } from '../../../shared/profile';
import {
  defaultVolunteersOffered,
  type SchoolResponse,
  schoolResponseInputSchema,
  volunteersOfferedFrom,
} from '../../../shared/volunteer-requests';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRespondToRequest } from './api/respond-to-request';
import { useUpdateResponse } from './api/update-response';
import { requestTexts as t } from './texts';

type FormInput = z.input<typeof schoolResponseInputSchema>;
type FormOutput = z.output<typeof schoolResponseInputSchema>;

interface ResponseFieldsProps {
  defaultValues: FormInput;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (values: FormOutput) => void;
  onCancel?: () => void;
}

/** The fields of a response, for a new one and for changing one; the caller sends what they hold. */
function ResponseFields({
  defaultValues,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  onCancel,
}: ResponseFieldsProps) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schoolResponseInputSchema),
    defaultValues,
  });
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3">
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
      <Button type="submit" className="w-full" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" className="w-full" onClick={onCancel}>
          {t.cancel}
        </Button>
      ) : null}
    </form>
  );
}

/** The school's one answer to an open request; contacts come prefilled from its profile. */
export function ResponseForm({ requestId, profile }: { requestId: number; profile: Profile }) {
  const respond = useRespondToRequest(requestId);
  return (
    <ResponseFields
      defaultValues={{
        volunteersOffered: defaultVolunteersOffered,
        message: '',
        contactPerson: profile.contactPerson ?? '',
        contactPhone: profile.phone ?? '',
        contactEmail: profile.email ?? '',
      }}
      submitLabel={t.send}
      pendingLabel={t.sending}
      isPending={respond.isPending}
      onSubmit={(values) =>
        respond.mutate(values, {
          onSuccess: () => toast({ title: t.responded, description: t.respondedText }),
          onError: (error) =>
            toast({
              title: 'Ошибка',
              description: errorText(error, t.respondFailed),
              variant: 'destructive',
            }),
        })
      }
    />
  );
}

/** The school's pending response, to change before the foundation decides on it. */
export function EditResponseForm({ response, onDone }: { response: SchoolResponse; onDone: () => void }) {
  const update = useUpdateResponse();
  return (
    <ResponseFields
      defaultValues={{
        volunteersOffered: response.volunteersOffered,
        message: response.message ?? '',
        contactPerson: response.contactPerson ?? '',
        contactPhone: response.contactPhone ?? '',
        contactEmail: response.contactEmail ?? '',
      }}
      submitLabel={t.saveResponse}
      pendingLabel={t.savingResponse}
      isPending={update.isPending}
      onCancel={onDone}
      onSubmit={(values) =>
        update.mutate(
          { id: response.id, ...values },
          {
            onSuccess: () => {
              toast({ title: t.responseUpdated });
              onDone();
            },
            onError: (error) =>
              toast({
                title: 'Ошибка',
                description: errorText(error, t.updateFailed),
                variant: 'destructive',
              }),
          },
        )
      }
    />
  );
}
