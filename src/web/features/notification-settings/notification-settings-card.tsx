import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  type MailKind,
  mailKindTexts,
  type NotificationSettings,
} from '../../../shared/notification-settings';
import { errorText } from '../../api/client';
import { LoadError } from '../../components/load-error';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useNotificationSettings, useSaveNotificationSettings } from './api/notification-settings';
import { notificationSettingsTexts as texts } from './texts';

/**
 * «Уведомления по почте» on the dashboard's profile tab: where the organisation's letters go and a switch
 * per kind of letter that reaches its role, saved together.
 */
export function NotificationSettingsCard() {
  const settings = useNotificationSettings();
  const headingId = useId();

  let content: ReactNode;
  if (settings.isPending) content = <Spinner />;
  else if (settings.isError) {
    content = (
      <LoadError text={errorText(settings.error, texts.loadFailed)} onRetry={() => void settings.refetch()} />
    );
  } else {
    content = (
      <>
        <Destination email={settings.data.email} />
        {/* Drawn anew from what the server answered, so the boxes never show an unsaved state after a save. */}
        <KindsForm key={JSON.stringify(settings.data.kinds)} settings={settings.data} />
      </>
    );
  }

  return (
    <Card className="space-y-4" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {texts.title}
      </h2>
      {content}
    </Card>
  );
}

function Destination({ email }: { email: string | null }) {
  if (email) {
    return (
      <p className="text-sm">
        {texts.mailGoesTo} <strong>{email}</strong>
      </p>
    );
  }
  return (
    <p className="text-sm">
      {texts.noEmail}{' '}
      <Link to="/dashboard/edit-profile" className="text-primary underline dark:text-green-400">
        {texts.addEmail}
      </Link>
    </p>
  );
}

type KindValues = { enabled: Record<MailKind, boolean> };

function KindsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const form = useForm<KindValues>({
    defaultValues: {
      enabled: Object.fromEntries(settings.kinds.map((item) => [item.kind, item.enabled])) as Record<
        MailKind,
        boolean
      >,
    },
  });

  const submit = form.handleSubmit((values) => {
    const kinds = settings.kinds.map(({ kind }) => ({ kind, enabled: values.enabled[kind] }));
    save.mutate(
      { kinds },
      {
        onSuccess: () => toast({ title: texts.saved }),
        onError: (error) =>
          toast({
            title: texts.error,
            description: errorText(error, texts.saveFailed),
            variant: 'destructive',
          }),
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-4">
      <fieldset className="min-w-0 space-y-3">
        <legend className="mb-2 text-sm font-medium">{texts.kindsLegend}</legend>
        {settings.kinds.map(({ kind }) => (
          <label key={kind} className="flex items-start gap-3">
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-green-700"
              {...form.register(`enabled.${kind}`)}
            />
            <span className="min-w-0">
              <span className="block font-medium">{mailKindTexts[kind].label}</span>
              <span className="block text-sm text-muted-foreground">{mailKindTexts[kind].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
        {save.isPending ? texts.saving : texts.save}
      </Button>
    </form>
  );
}
