import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ReportInput, reportInputSchema, reportLimits } from '../../../shared/reports';
import { errorText } from '../../api/client';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { type ReportFormValues, useCreateReport } from './api/create-report';
import { dashboardTexts } from './texts';

const texts = dashboardTexts.reports;

const emptyReport: ReportFormValues = {
  eventTitle: '',
  eventDate: '',
  volunteersCount: '',
  additionalInfo: '',
};

/** The foundation's report form, checked by the same schema the API applies. */
export function ReportForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const create = useCreateReport();
  const form = useForm<ReportFormValues, unknown, ReportInput>({
    resolver: zodResolver(reportInputSchema),
    defaultValues: emptyReport,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: texts.created });
        form.reset(emptyReport);
        onDone();
      },
      onError: (error) =>
        toast({
          title: texts.error,
          description: errorText(error, texts.createFailed),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <FormField label={texts.eventTitle} error={errors.eventTitle?.message}>
        <Input {...form.register('eventTitle')} />
      </FormField>
      <FormField label={texts.eventDate} error={errors.eventDate?.message}>
        <Input
          type="date"
          min={reportLimits.firstDay}
          max={reportLimits.lastDay}
          {...form.register('eventDate')}
        />
      </FormField>
      <FormField label={texts.volunteersCount} error={errors.volunteersCount?.message}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={reportLimits.volunteersCount}
          step={1}
          {...form.register('volunteersCount')}
        />
      </FormField>
      <FormField label={texts.additionalInfo} error={errors.additionalInfo?.message}>
        <Textarea {...form.register('additionalInfo')} />
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="w-full sm:flex-1" disabled={create.isPending}>
          {create.isPending ? texts.saving : texts.create}
        </Button>
        <Button type="button" variant="outline" className="w-full sm:flex-1" onClick={onCancel}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
