import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { volunteerRequestFormSchema } from '../../../shared/volunteer-requests';
import { errorText } from '../../api/client';
import { useProfile } from '../../api/profile';
import { BackLink } from '../../components/back-link';
import { LoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { appToday } from '../../lib/app-time-zone';
import { useCreateVolunteerRequest } from './api/create-volunteer-request';
import { requestTexts as t } from './texts';

type FormInput = z.input<typeof volunteerRequestFormSchema>;
type FormOutput = z.output<typeof volunteerRequestFormSchema>;

/** /dashboard/create-request: an approved foundation asks schools for volunteers. */
export function CreateRequestPage() {
  usePageHead({ title: t.formTitle });
  const { data: profile, isPending, refetch: reloadProfile } = useProfile();
  const create = useCreateVolunteerRequest();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(volunteerRequestFormSchema),
    defaultValues: {
      title: '',
      description: '',
      eventDate: '',
      eventTime: '',
      location: '',
      volunteersNeeded: 5,
      requirements: '',
    },
  });
  const { errors } = form.formState;

  // Only a foundation reaches this page (RequireRole in src/web/router.tsx).
  if (isPending) return <Spinner className="min-h-screen" />;
  if (!profile) return <LoadError text={t.profileLoadFailed} onRetry={() => void reloadProfile()} />;

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        ...values,
        requirements: values.requirements ? [values.requirements] : [],
      },
      {
        onSuccess: (created) => {
          toast({ title: t.created, description: t.createdText });
          navigate(`/volunteer-requests/${created.request.id}`);
        },
        onError: (error) =>
          toast({ title: 'Ошибка', description: errorText(error, t.createFailed), variant: 'destructive' }),
      },
    ),
  );

  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <BackLink to="/dashboard">{t.backToDashboard}</BackLink>
      <Card className="space-y-5">
        <div>
          <h1 className="text-2xl font-bold">{t.formTitle}</h1>
          <p className="mt-1 text-muted-foreground">{t.formHint}</p>
        </div>
        {profile.moderationStatus !== 'approved' ? (
          <p
            role="status"
            className="rounded-lg bg-amber-100 p-3 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
          >
            {t.notApproved}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4">
            <FormField label={t.title} error={errors.title?.message}>
              <Input {...form.register('title')} />
            </FormField>
            <FormField label={t.description} error={errors.description?.message}>
              <Textarea rows={5} {...form.register('description')} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t.eventDate} error={errors.eventDate?.message}>
                <Input type="date" min={appToday()} {...form.register('eventDate')} />
              </FormField>
              <FormField label={t.eventTime} error={errors.eventTime?.message}>
                <Input type="time" {...form.register('eventTime')} />
              </FormField>
            </div>
            <FormField label={t.location} error={errors.location?.message}>
              <Input {...form.register('location')} />
            </FormField>
            <FormField label={t.volunteersNeededField} error={errors.volunteersNeeded?.message}>
              <Input type="number" inputMode="numeric" min={1} {...form.register('volunteersNeeded')} />
            </FormField>
            <FormField label={t.requirementsField} error={errors.requirements?.message}>
              <Textarea {...form.register('requirements')} />
            </FormField>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" className="sm:flex-1" disabled={create.isPending}>
                {create.isPending ? t.submitting : t.submit}
              </Button>
              <Button asChild variant="outline" className="sm:flex-1">
                <Link to="/dashboard">{t.cancel}</Link>
              </Button>
            </div>
          </form>
        )}
      </Card>
    </div>
  );
}
