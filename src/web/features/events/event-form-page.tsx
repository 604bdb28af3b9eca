import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { activityTypeLabels, activityTypes } from '../../../shared/catalog';
import { todayIn } from '../../../shared/dates';
import { eventInputSchema } from '../../../shared/event-form';
import type { EventDetail } from '../../../shared/events';
import { moderationStatusLabels } from '../../../shared/roles';
import { ApiError, errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { ImageUpload } from '../images/image-upload';
import { useProfile } from '../profile/api';
import { useEvent } from './api';
import { adjustedMaximum, eventToValues, newEventValues } from './event-form-values';
import { type EventFormValues, useCreateEvent, useUpdateEvent } from './manage-api';

const textareaClass =
  'min-h-24 w-full rounded-md border border-border bg-background px-3 py-2 text-base outline-none focus-visible:ring-2 focus-visible:ring-primary aria-invalid:border-destructive sm:text-sm';
const notFoundText = 'Мероприятие не найдено. Возможно, оно было удалено.';
const redirectAfterNotFoundMs = 2000;

/** /dashboard/create-event and /dashboard/edit-event/{id}: the five-section event form. */
export function EventFormPage() {
  const params = useParams();
  const editId = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const isEdit = params.id !== undefined;
  const { data: profile, isPending: profilePending } = useProfile();
  const { data: event, isPending: eventPending, isError: eventFailed } = useEvent(editId);

  if (profilePending) return <Spinner className="min-h-[50vh]" />;
  if (profile?.role !== 'foundation') return <Navigate to="/dashboard" replace />;

  const back = (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Назад в личный кабинет
    </Link>
  );

  if (!isEdit && profile.moderationStatus !== 'approved') {
    return (
      <div className="mx-auto max-w-xl px-4 py-8">
        {back}
        <Card className="mt-4 space-y-3">
          <h1 className="text-xl font-bold">Создание мероприятий пока недоступно</h1>
          <p className="text-muted-foreground">
            Создавать мероприятия можно после одобрения модератором. Статус вашего профиля:{' '}
            {profile.moderationStatus ? moderationStatusLabels[profile.moderationStatus] : ''}.
          </p>
        </Card>
      </div>
    );
  }

  if (isEdit) {
    if (editId !== undefined && eventPending) {
      return <p className="px-4 py-16 text-center text-muted-foreground">Загрузка данных мероприятия...</p>;
    }
    if (editId === undefined || eventFailed || !event) {
      return (
        <div className="mx-auto max-w-xl px-4 py-16">
          <Card className="space-y-4 text-center">
            <h1 className="text-xl font-bold">Мероприятие не найдено</h1>
            <Button asChild>
              <Link to="/dashboard">Вернуться к списку мероприятий</Link>
            </Button>
          </Card>
        </div>
      );
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {back}
      <h1 className="mt-4 mb-6 text-2xl font-bold">
        {isEdit ? 'Редактирование мероприятия' : 'Создание нового мероприятия'}
      </h1>
      <EventForm
        event={event}
        defaults={
          event
            ? eventToValues(event)
            : newEventValues({ name: profile.contactPerson, phone: profile.phone, email: profile.email })
        }
      />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function EventForm({ event, defaults }: { event: EventDetail | undefined; defaults: EventFormValues }) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? 0);
  const saving = create.isPending || update.isPending;
  const form = useForm<EventFormValues, unknown, z.output<typeof eventInputSchema>>({
    resolver: zodResolver(eventInputSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const totalSlots = form.watch('totalSlots');
  const unlimited = totalSlots === 'unlimited' || totalSlots === null;
  const minimum = form.watch('minParticipants');

  useEffect(() => {
    const next = adjustedMaximum(Number(minimum), form.getValues('totalSlots'));
    if (next !== form.getValues('totalSlots')) form.setValue('totalSlots', next, { shouldValidate: true });
  }, [minimum, form]);

  const submit = form.handleSubmit((values) => {
    if (!event) {
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Мероприятие создано', description: values.title });
          navigate('/dashboard');
        },
        onError: (error) =>
          toast({
            title: 'Ошибка',
            description: `Не удалось создать мероприятие: ${errorText(error, 'попробуйте ещё раз')}`,
            variant: 'destructive',
          }),
      });
      return;
    }
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Мероприятие обновлено', description: values.title });
        navigate('/dashboard');
      },
      onError: (error) => {
        const message = errorText(error, 'Не удалось обновить мероприятие');
        if ((error instanceof ApiError && error.status === 404) || message.includes('не найдено')) {
          toast({ title: 'Ошибка обновления', description: notFoundText, variant: 'destructive' });
          setTimeout(() => navigate('/dashboard'), redirectAfterNotFoundMs);
          return;
        }
        toast({ title: 'Ошибка обновления', description: message, variant: 'destructive' });
      },
    });
  });

  // The calendar offers no day before today; the server checks it again.
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <Section title="1. Основная информация">
        <FormField label="Название мероприятия *" error={errors.title?.message}>
          <Input {...form.register('title')} />
        </FormField>
        <FormField label="Описание *" error={errors.description?.message}>
          <textarea className={textareaClass} {...form.register('description')} />
        </FormField>
        <Controller
          control={form.control}
          name="imageId"
          render={({ field }) => (
            <ImageUpload
              label="Изображение мероприятия"
              value={field.value ? { id: field.value, url: `/api/images/${field.value}` } : null}
              onChange={(image) => field.onChange(image ? image.id : null)}
            />
          )}
        />
      </Section>
      <Section title="2. Дата и время">
        <FormField label="Дата проведения *" error={errors.date?.message}>
          <Input type="date" min={event ? undefined : today} {...form.register('date')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Время начала *" error={errors.startTime?.message}>
            <Input type="time" {...form.register('startTime')} />
          </FormField>
          <FormField label="Время окончания *" error={errors.endTime?.message}>
            <Input type="time" {...form.register('endTime')} />
          </FormField>
        </div>
      </Section>
      <Section title="3. Место и тип">
        <FormField label="Адрес проведения *" error={errors.location?.message}>
          <Input {...form.register('location')} />
        </FormField>
        <FormField label="Тип мероприятия *" error={errors.activityType?.message}>
          <select
            className="h-10 w-full rounded-md border border-border bg-background px-3"
            {...form.register('activityType')}
          >
            <option value="">Выберите тип мероприятия</option>
            {activityTypes.map((type) => (
              <option key={type} value={type}>
                {activityTypeLabels[type]}
              </option>
            ))}
          </select>
        </FormField>
      </Section>
      <Section title="4. Участники и требования">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Минимум участников *" error={errors.minParticipants?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              {...form.register('minParticipants')}
            />
          </FormField>
          <div className="space-y-2">
            <FormField label="Максимум участников *" error={errors.totalSlots?.message}>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                disabled={unlimited}
                value={unlimited ? '' : String(totalSlots ?? '')}
                onChange={(change) =>
                  form.setValue('totalSlots', change.target.value, { shouldValidate: true })
                }
              />
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-green-700"
                checked={unlimited}
                onChange={(change) =>
                  form.setValue('totalSlots', change.target.checked ? 'unlimited' : 15, {
                    shouldValidate: true,
                  })
                }
              />
              Без ограничений
            </label>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Возрастное ограничение"
            error={errors.ageRestriction?.message}
            hint="Например: 12+"
          >
            <Input maxLength={3} {...form.register('ageRestriction')} />
          </FormField>
          <FormField label="Волонтёрские часы *" error={errors.hours?.message}>
            <Input type="number" inputMode="numeric" min={1} max={24} {...form.register('hours')} />
          </FormField>
        </div>
        <FormField label="Требования к участникам" error={errors.requirements?.message}>
          <textarea className={textareaClass} {...form.register('requirements')} />
        </FormField>
        <FormField label="Навыки" error={errors.skills?.message}>
          <textarea className={textareaClass} {...form.register('skills')} />
        </FormField>
      </Section>
      <Section title="5. Контакты и детали">
        <p className="text-sm text-muted-foreground">Обязательно укажите и телефон, и email для связи.</p>
        <FormField label="Имя контактного лица *" error={errors.contactPersonName?.message}>
          <Input {...form.register('contactPersonName')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Телефон *" error={errors.contactPersonPhone?.message}>
            <Input type="tel" {...form.register('contactPersonPhone')} />
          </FormField>
          <FormField label="Email *" error={errors.contactPersonEmail?.message}>
            <Input type="email" {...form.register('contactPersonEmail')} />
          </FormField>
          <FormField label="Telegram" error={errors.contactPersonTelegram?.message}>
            <Input {...form.register('contactPersonTelegram')} />
          </FormField>
          <FormField label="ВКонтакте" error={errors.contactPersonVk?.message}>
            <Input {...form.register('contactPersonVk')} />
          </FormField>
        </div>
        <FormField label="Дополнительная информация" error={errors.additionalInfo?.message}>
          <textarea className={textareaClass} {...form.register('additionalInfo')} />
        </FormField>
      </Section>
      <Button type="submit" disabled={saving} className="w-full sm:w-auto">
        {saving ? 'Сохранение…' : event ? 'Обновить мероприятие' : 'Создать мероприятие'}
      </Button>
    </form>
  );
}
