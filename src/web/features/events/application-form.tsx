import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  applicationInputSchema,
  applicationMessages,
  maxParticipantsPerApplication,
  needsParentalConsent,
} from '../../../shared/applications';
import type { Profile } from '../../../shared/profile';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRegisterForEvent } from './api/register-for-event';
import { applicationFormTexts as texts } from './texts';

/**
 * The shared rules plus what only this event knows: no more participants than places left, unless the
 * school would rather wait in line; and the parents' consent where the event admits pupils under 14.
 */
const formSchemaFor = (maxParticipants: number | null, consentNeeded: boolean) =>
  applicationInputSchema.superRefine((input, ctx) => {
    if (maxParticipants !== null && !input.waitlist && input.participantCount > maxParticipants) {
      ctx.addIssue({
        code: 'custom',
        path: ['participantCount'],
        message: applicationMessages.participantsMax(maxParticipants),
      });
    }
    if (consentNeeded && !input.parentalConsent) {
      ctx.addIssue({
        code: 'custom',
        path: ['parentalConsent'],
        message: applicationMessages.parentalConsent,
      });
    }
  });

interface ApplicationFormProps {
  eventId: number;
  /** Places left; null when the event is unlimited. */
  remainingSlots: number | null;
  /** The event's age limit as shown ('12+'), null when there is none. */
  ageRestriction: string | null;
  /** The event is full: the form puts the school on its waitlist. */
  waitlistOnly?: boolean;
  profile: Profile;
  onDone: () => void;
}

export function ApplicationForm({
  eventId,
  remainingSlots,
  ageRestriction,
  waitlistOnly = false,
  profile,
  onDone,
}: ApplicationFormProps) {
  const register = useRegisterForEvent(eventId);
  const consentNeeded = needsParentalConsent(ageRestriction);
  const consentMessageId = useId();
  const schema = formSchemaFor(remainingSlots, consentNeeded);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      parentalConsent: false,
      waitlist: waitlistOnly,
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
        toast({
          title: answer.status === 'waitlisted' ? texts.waitlistedTitle : 'Заявка подана!',
          description: answer.message || 'Ожидайте одобрения от фонда',
        });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Ошибка',
          description: errorText(error, 'Ошибка регистрации'),
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
          remainingSlots === null || waitlistOnly
            ? undefined
            : `Количество участников должно быть от 1 до ${remainingSlots}`
        }
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={waitlistOnly || remainingSlots === null ? maxParticipantsPerApplication : remainingSlots}
          {...form.register('participantCount')}
        />
      </FormField>
      {remainingSlots === null || waitlistOnly ? null : (
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...form.register('waitlist')}
          />
          {texts.waitlistIfFull}
        </label>
      )}
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
      {consentNeeded ? (
        <div className="space-y-1.5">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              aria-invalid={errors.parentalConsent ? true : undefined}
              aria-describedby={errors.parentalConsent ? consentMessageId : undefined}
              {...form.register('parentalConsent')}
            />
            <span>
              {texts.parentalConsent}
              <span className="mt-1 block text-xs text-muted-foreground">{texts.parentalConsentHint}</span>
            </span>
          </label>
          {errors.parentalConsent ? (
            <p id={consentMessageId} role="alert" className="text-sm text-destructive dark:text-red-400">
              {errors.parentalConsent.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="w-full sm:flex-1" disabled={register.isPending}>
          {register.isPending ? 'Отправка...' : waitlistOnly ? texts.joinWaitlist : 'Подать заявку'}
        </Button>
      </div>
    </form>
  );
}
