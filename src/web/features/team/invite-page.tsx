import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { invitationAcceptSchema, teamMessages } from '../../../shared/team';
import { ApiError, errorText } from '../../api/client';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { useAcceptInvitation } from './api/accept-invitation';
import { useInvitationLink } from './api/invitation-link';
import { teamTexts } from './texts';

const t = teamTexts.invitePage;

type FormInput = z.input<typeof invitationAcceptSchema>;
type FormOutput = z.output<typeof invitationAcceptSchema>;

const linkClass =
  'inline-block text-sm font-medium text-primary underline underline-offset-4 dark:text-green-400';

/** Where a person goes whose link leads nowhere: signing in (an accepted link's account), or home. */
const waysOn = (
  <div className="flex flex-wrap gap-x-6 gap-y-2">
    <Link to="/auth" className={linkClass}>
      {t.signIn}
    </Link>
    <Link to="/" className={linkClass}>
      {t.home}
    </Link>
  </div>
);

/** The server's refusals of the link itself (malformed, unknown, used, revoked, expired), not a fault. */
const refusesLink = (error: Error | null) =>
  error instanceof ApiError && [400, 404, 410].includes(error.status);

/**
 * /invite#<token>: the link from an invitation letter (issue 53). The token is in the fragment, which the
 * browser never sends to the server nor puts in a Referer. The page asks first whether the link is still
 * open and shows the form only then; accepting creates the account in the team, signs it in and opens
 * the dashboard.
 */
export function InvitePage() {
  usePageHead({ title: t.title, description: t.description });
  const { hash } = useLocation();
  const navigate = useNavigate();
  // Read once: the form keeps working should something change the address meanwhile.
  const [token] = useState(() => hash.replace(/^#/, ''));
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const link = useInvitationLink(token);
  const mutation = useAcceptInvitation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(invitationAcceptSchema),
    // The token is no field of the form: it comes from the address, and goes with the answers.
    defaultValues: { token, username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  // The token is checked with the answers too: a malformed one (the server refused the check) says so here.
  const shownFailure = failure ?? errors.token?.message;

  const submit = form.handleSubmit((values) => {
    setFailure(undefined);
    mutation.mutate(values, {
      onSuccess: () => {
        if (link.data) toast({ title: teamMessages.accepted(link.data.organisationName) });
        void navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        const message = errorText(error, teamTexts.failureFallback);
        // A name somebody already has is fixed in its field; anything else is said under the form.
        if (error instanceof ApiError && error.status === 409) {
          form.setError('username', { message }, { shouldFocus: true });
        } else {
          setFailure(message);
        }
      },
    });
  });

  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="mb-6 text-center text-2xl font-bold">{t.title}</h1>
      <Card padding="responsive" className="space-y-4">
        {token === '' ? (
          <>
            <p role="alert">{t.incompleteLink}</p>
            {waysOn}
          </>
        ) : link.isPending ? (
          <Spinner label={t.checkingLink} />
        ) : refusesLink(link.error) ? (
          <>
            <p role="alert">{errorText(link.error, teamMessages.linkInvalid)}</p>
            {waysOn}
          </>
        ) : (
          // A check that failed otherwise (no connection, too many requests) still leaves the form: accepting
          // asks the server again and says what went wrong.
          <>
            {link.data ? (
              <div className="space-y-1">
                <p className="font-medium">{t.invitedTo(link.data.organisationName, link.data.role)}</p>
                <p className="text-sm text-muted-foreground">{t.roleMeans(link.data.role)}</p>
                <p className="text-sm text-muted-foreground wrap-anywhere">{t.email(link.data.email)}</p>
              </div>
            ) : null}
            <p className="text-sm text-muted-foreground">{t.formHint}</p>
            <form onSubmit={submit} noValidate className="space-y-4">
              <FormField label={t.username} error={errors.username?.message} hint={t.usernameHint}>
                <Input autoComplete="username" {...form.register('username')} />
              </FormField>
              <FormField label={t.password} error={errors.password?.message} hint={t.passwordHint}>
                <Input type="password" autoComplete="new-password" {...form.register('password')} />
              </FormField>
              <FormField label={t.confirmPassword} error={errors.confirmPassword?.message}>
                <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </FormField>
              {shownFailure ? (
                <p role="alert" className="text-sm text-destructive dark:text-red-400">
                  {shownFailure}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={mutation.isPending || mutation.isSuccess}>
                {mutation.isPending ? t.accepting : t.accept}
              </Button>
            </form>
            {shownFailure ? waysOn : null}
          </>
        )}
      </Card>
    </div>
  );
}
