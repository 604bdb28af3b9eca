import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Profile } from '../../../shared/profile';
import { registrationInputSchema, registrationMessages } from '../../../shared/registrations';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRegisterForEvent } from './api/register-for-event';

/** The shared rules plus the one only this event knows: no more participants than places left. */
const formSchemaFor = (maxParticipants: number, tooManyMessage: (max: number) => string) =>
  registrationInputSchema.superRefine((input, ctx) => {
    if (input.participantCount > maxParticipants) {
      ctx.addIssue({ code: 'custom', path: ['participantCount'], message: tooManyMessage(maxParticipants) });
    }
  });

interface RegistrationFormProps {
  eventId: number;
  /** Places left; null when the event is unlimited. */
  remainingSlots: number | null;
  profile: Profile;
  onDone: () => void;
  /** Shows a cancel button next to submit (the application form of /school-applications-old). */
  onCancel?: () => void;
  /** The registration card and the application form word two messages differently (spec section 5). */
  wording?: 'card' | 'application';
}

const wordings = {
  card: { tooMany: registrationMessages.participantsMax, failure: 'Ошибка регистрации' },
  application: { tooMany: registrationMessages.participantsRange, failure: 'Не удалось подать заявку' },
};

export function RegistrationForm({
  eventId,
  remainingSlots,
  profile,
  onDone,
  onCancel,
  wording = 'card',
}: RegistrationFormProps) {
  const register = useRegisterForEvent(eventId);
  const maxParticipants = remainingSlots ?? 10_000;
  const { tooMany, failure } = wordings[wording];
  const schema = formSchemaFor(maxParticipants, tooMany);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      participantCount: 1,
      contactPerson: profile.contactPerson ?? '',
      contactPhone: profile.phone ?? '',
      contactEmail: profile.email ?? '',
      contactTelegram: '',
      contactVk: '',
      applicationNote: '',
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (answer) => {
        toast({ title: 'Заявка подана!', description: answer.message || 'Ожидайте одобрения от фонда' });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Ошибка',
          description: errorText(error, failure),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <FormField
        label="Количество участников *"
        error={errors.participantCount?.message}
        hint={
          remainingSlots === null ? undefined : `Количество участников должно быть от 1 до ${remainingSlots}`
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={remainingSlots ?? undefined}
          {...form.register('participantCount')}
        />
      </FormField>
      <FormField label="Контактное лицо *" error={errors.contactPerson?.message}>
        <Input autoComplete="name" {...form.register('contactPerson')} />
      </FormField>
      <p className="text-xs text-muted-foreground">
        Укажите и телефон, и e-mail, чтобы фонд мог быстро связаться с вами.
      </p>
      <FormField label="Телефон" error={errors.contactPhone?.message}>
        <Input type="tel" autoComplete="tel" {...form.register('contactPhone')} />
      </FormField>
      <FormField label="E-mail" error={errors.contactEmail?.message}>
        <Input type="email" autoComplete="email" {...form.register('contactEmail')} />
      </FormField>
      <FormField label="Telegram" error={errors.contactTelegram?.message}>
        <Input {...form.register('contactTelegram')} />
      </FormField>
      <FormField label="ВКонтакте" error={errors.contactVk?.message}>
        <Input {...form.register('contactVk')} />
      </FormField>
      <FormField label="Сообщение фонду" error={errors.applicationNote?.message}>
        <Textarea {...form.register('applicationNote')} />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="w-full sm:flex-1" disabled={register.isPending}>
          {register.isPending ? 'Отправка...' : 'Подать заявку'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" className="w-full sm:flex-1" onClick={onCancel}>
            Отмена
          </Button>
        ) : null}
      </div>
    </form>
  );
}
