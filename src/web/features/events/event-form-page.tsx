import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { activityTypeLabels, activityTypes } from '../../../shared/catalog';
import { type EventInput, eventFormDefaults, eventInputSchema } from '../../../shared/event-form';
import type { EventDetail } from '../../../shared/events';
import type { Profile } from '../../../shared/profile';
import { moderationStatusLabels } from '../../../shared/roles';
import { errorText } from '../../api/client';
import { profileQuery, useProfile } from '../../api/profile';
import { BackLink } from '../../components/back-link';
import { ImageUpload } from '../../components/image-upload';
import { LoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { appToday } from '../../lib/app-time-zone';
import type { PageLoad } from '../../lib/page-load';
import { useCreateEvent } from './api/create-event';
import { eventQuery, useEvent } from './api/event';
import { isEventMissing, useUpdateEvent } from './api/update-event';
import { adjustedMaximum, type EventFormValues, eventToValues, newEventValues } from './event-form-values';
import { manageTexts as t } from './manage-texts';
import { OwnEventNotFound } from './own-event-not-found';

const redirectAfterMissingMs = 2000;

/**
 * The loaded event as form values. Without an address of its own the server stores the location as the
 * address; sending that copy back would keep the old place after the location is edited.
 */
export function editValuesOf(event: EventDetail): EventFormValues {
  const values = eventToValues(event);
  return event.address === event.location ? { ...values, address: '' } : values;
}

/** A fresh form: defaults of section 9, contacts from the foundation's profile (fullName is its name). */
export function createValuesOf(profile: Pick<Profile, 'contactPerson' | 'phone' | 'email'>): EventFormValues {
  return newEventValues({ name: profile.contactPerson, phone: profile.phone, email: profile.email });
}

/** The maximum after the unlimited toggle: 'unlimited', or 15 raised past a larger minimum. */
export function maximumAfterToggle(unlimited: boolean, minimum: unknown): EventFormValues['totalSlots'] {
  return unlimited ? 'unlimited' : adjustedMaximum(Number(minimum), eventFormDefaults.maxParticipants);
}

const parseId = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);

/** /dashboard/create-event and /dashboard/edit-event/{id}: the five-section event form. */
export function EventFormPage() {
  const params = useParams();
  const isEdit = params.id !== undefined;
  const editId = parseId(params.id);
  const { data: profile, isPending: profilePending, refetch: reloadProfile } = useProfile();
  const { data: event, isPending: eventPending, isError: eventFailed } = useEvent(editId);

  // Only a foundation reaches this page (RequireRole in src/web/router.tsx).
  if (profilePending) return <Spinner className="min-h-screen" />;
  if (!profile) return <LoadError text={t.profileLoadFailed} onRetry={() => void reloadProfile()} />;

  if (!isEdit) {
    if (profile.moderationStatus !== 'approved') return <NotApprovedNotice profile={profile} />;
    return (
      <FormLayout title={t.createTitle}>
        <EventForm event={undefined} defaults={createValuesOf(profile)} />
      </FormLayout>
    );
  }

  if (editId !== undefined && eventPending) {
    return (
      <p role="status" className="px-4 py-16 text-center text-muted-foreground">
        {t.loading}
      </p>
    );
  }
  if (editId === undefined || eventFailed || !event || event.foundationId !== profile.organisationId) {
    return <EventNotFound />;
  }
  if (event.status === 'completed') {
    return (
      <Notice title={t.completedTitle}>
        <p className="text-muted-foreground">{t.completedHint}</p>
      </Notice>
    );
  }
  return (
    <FormLayout title={t.editTitle}>
      {/* A fresh form per event, so its defaults are the loaded values. */}
      <EventForm key={event.id} event={event} defaults={editValuesOf(event)} />
    </FormLayout>
  );
}

function FormLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageHead({ title });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackLink to="/dashboard">{t.back}</BackLink>
      <h1 className="mt-4 mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t.requiredNote}</p>
      {children}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <BackLink to="/dashboard">{t.back}</BackLink>
      <Card padding="responsive" className="mt-4 space-y-3">
        <h1 className="text-xl font-bold">{title}</h1>
        {children}
        <Button asChild variant="outline">
          <Link to="/dashboard">{t.toDashboard}</Link>
        </Button>
      </Card>
    </div>
  );
}

function NotApprovedNotice({ profile }: { profile: Profile }) {
  return (
    <Notice title={t.notApprovedTitle}>
      <p className="text-muted-foreground">{t.notApprovedText}</p>
      {profile.moderationStatus ? (
        <p>
          {t.moderationStatus}:{' '}
          <span className="font-medium">{moderationStatusLabels[profile.moderationStatus]}</span>
        </p>
      ) : null}
      {profile.moderationComment ? (
        <p className="text-sm">
          {t.moderatorComment}: {profile.moderationComment}
        </p>
      ) : null}
    </Notice>
  );
}

function EventNotFound() {
  usePageHead({ title: t.notFound });
  return <OwnEventNotFound />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card padding="responsive" className="space-y-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

function EventForm({ event, defaults }: { event: EventDetail | undefined; defaults: EventFormValues }) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const update = useUpdateEvent(event?.id ?? 0);
  const [missing, setMissing] = useState(false);
  const saving = create.isPending || update.isPending;
  const form = useForm<EventFormValues, unknown, EventInput>({
    resolver: zodResolver(eventInputSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const totalSlots = form.watch('totalSlots');
  const unlimited = totalSlots === 'unlimited' || totalSlots === null;

  useEffect(() => {
    if (!missing) return;
    const timer = setTimeout(() => navigate('/dashboard'), redirectAfterMissingMs);
    return () => clearTimeout(timer);
  }, [missing, navigate]);

  const setMaximum = (next: EventFormValues['totalSlots']) => {
    form.setValue('totalSlots', next, { shouldDirty: true });
    // The minimum's "not above the maximum" message lives on the minimum and must follow the maximum.
    void form.trigger(['totalSlots', 'minParticipants']);
  };

  const submit = form.handleSubmit((values) => {
    if (!event) {
      create.mutate(values, {
        onSuccess: (created) => {
          toast({ title: t.created, description: created.title });
          navigate('/dashboard');
        },
        onError: (error) =>
          toast({
            title: t.error,
            description: t.createFailed(errorText(error, t.createFallback)),
            variant: 'destructive',
          }),
      });
      return;
    }
    update.mutate(values, {
      onSuccess: (updated) => {
        toast({ title: t.updated, description: updated.title });
        navigate('/dashboard');
      },
      onError: (error) => {
        if (isEventMissing(error)) {
          setMissing(true);
          toast({ title: t.updateError, description: t.deletedWhileEditing, variant: 'destructive' });
          return;
        }
        toast({
          title: t.updateError,
          description: errorText(error, t.updateFallback),
          variant: 'destructive',
        });
      },
    });
  });

  // Past days are greyed out in the calendar; the server checks the date again in its own time zone.
  const today = appToday();

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <Section title={t.sections.basics}>
        <FormField label={t.fields.title} error={errors.title?.message} hint={t.hints.title}>
          <Input autoComplete="off" {...form.register('title')} />
        </FormField>
        <FormField
          label={t.fields.description}
          error={errors.description?.message}
          hint={t.hints.description}
        >
          <Textarea rows={5} {...form.register('description')} />
        </FormField>
        <Controller
          control={form.control}
          name="imageId"
          render={({ field }) => (
            <ImageUpload
              label={t.fields.image}
              value={field.value ? { id: field.value, url: `/api/images/${field.value}` } : null}
              onChange={(image) => field.onChange(image ? image.id : null)}
            />
          )}
        />
      </Section>

      <Section title={t.sections.dateTime}>
        <FormField label={t.fields.date} error={errors.date?.message} hint={t.hints.date}>
          <Input type="date" min={today} {...form.register('date')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.fields.startTime} error={errors.startTime?.message}>
            <Input type="time" {...form.register('startTime', { deps: ['endTime'] })} />
          </FormField>
          <FormField label={t.fields.endTime} error={errors.endTime?.message}>
            <Input type="time" {...form.register('endTime')} />
          </FormField>
        </div>
      </Section>

      <Section title={t.sections.place}>
        <FormField label={t.fields.location} error={errors.location?.message}>
          <Input autoComplete="off" {...form.register('location')} />
        </FormField>
        <FormField label={t.fields.activityType} error={errors.activityType?.message}>
          <Select {...form.register('activityType')}>
            <option value="">{t.fields.activityTypePlaceholder}</option>
            {activityTypes.map((type) => (
              <option key={type} value={type}>
                {activityTypeLabels[type]}
              </option>
            ))}
          </Select>
        </FormField>
      </Section>

      <Section title={t.sections.participants}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.fields.minParticipants} error={errors.minParticipants?.message}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={200}
              {...form.register('minParticipants', {
                onChange: (change: { target: { value: string } }) => {
                  const current = form.getValues('totalSlots');
                  const next = adjustedMaximum(Number(change.target.value), current);
                  if (next !== current) form.setValue('totalSlots', next, { shouldValidate: true });
                },
              })}
            />
          </FormField>
          <div className="space-y-2">
            <Controller
              control={form.control}
              name="totalSlots"
              rules={{ deps: ['minParticipants'] }}
              render={({ field, fieldState }) => (
                <FormField
                  label={t.fields.maxParticipants}
                  error={fieldState.error?.message}
                  hint={t.hints.maxParticipants}
                >
                  <Input
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={500}
                    disabled={unlimited}
                    value={unlimited ? '' : String(field.value ?? '')}
                    onChange={(change) => field.onChange(change.target.value)}
                  />
                </FormField>
              )}
            />
            <label className="flex w-fit items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={unlimited}
                onChange={(change) =>
                  setMaximum(maximumAfterToggle(change.target.checked, form.getValues('minParticipants')))
                }
              />
              {t.fields.unlimited}
            </label>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t.fields.ageRestriction}
            error={errors.ageRestriction?.message}
            hint={t.hints.ageRestriction}
          >
            <Input
              maxLength={3}
              placeholder={t.placeholders.ageRestriction}
              autoComplete="off"
              {...form.register('ageRestriction')}
            />
          </FormField>
          <FormField label={t.fields.hours} error={errors.hours?.message} hint={t.hints.hours}>
            <Input type="number" inputMode="numeric" min={1} max={24} {...form.register('hours')} />
          </FormField>
        </div>
        <FormField label={t.fields.requirements} error={errors.requirements?.message}>
          <Textarea {...form.register('requirements')} />
        </FormField>
        <FormField label={t.fields.skills} error={errors.skills?.message}>
          <Textarea {...form.register('skills')} />
        </FormField>
      </Section>

      <Section title={t.sections.contacts}>
        <p className="text-sm text-muted-foreground">{t.hints.contacts}</p>
        <FormField label={t.fields.contactPersonName} error={errors.contactPersonName?.message}>
          <Input autoComplete="name" {...form.register('contactPersonName')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t.fields.contactPersonPhone} error={errors.contactPersonPhone?.message}>
            <Input
              type="tel"
              autoComplete="tel"
              placeholder={t.placeholders.phone}
              {...form.register('contactPersonPhone')}
            />
          </FormField>
          <FormField label={t.fields.contactPersonEmail} error={errors.contactPersonEmail?.message}>
            <Input
              type="email"
              autoComplete="email"
              placeholder={t.placeholders.email}
              {...form.register('contactPersonEmail', { deps: ['contactPersonPhone'] })}
            />
          </FormField>
          <FormField
            label={t.fields.contactPersonTelegram}
            error={errors.contactPersonTelegram?.message}
            hint={t.hints.telegram}
          >
            <Input autoComplete="off" {...form.register('contactPersonTelegram')} />
          </FormField>
          <FormField
            label={t.fields.contactPersonVk}
            error={errors.contactPersonVk?.message}
            hint={t.hints.vk}
          >
            <Input autoComplete="off" {...form.register('contactPersonVk')} />
          </FormField>
        </div>
        <FormField label={t.fields.additionalInfo} error={errors.additionalInfo?.message}>
          <Textarea {...form.register('additionalInfo')} />
        </FormField>
      </Section>

      {missing ? (
        <p
          role="alert"
          className="rounded-md border border-destructive p-3 text-sm text-destructive dark:text-red-400"
        >
          {t.deletedWhileEditing}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={saving || missing} className="w-full sm:w-auto">
        {saving ? t.saving : event ? t.update : t.create}
      </Button>
    </form>
  );
}

/** The profile the form is filled from, and the event being edited. */
export const loadEventFormPage: PageLoad = async ({ params, queryClient }) => {
  const editId = parseId(params.id);
  await Promise.all([
    queryClient.ensureQueryData(profileQuery),
    editId === undefined ? undefined : queryClient.ensureQueryData(eventQuery(editId)),
  ]);
};
