import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { useForm } from 'react-hook-form';
import {
  defaultSignUpRole,
  type RegisterFormInput,
  registerFormSchema,
  type SessionUser,
} from '../../../shared/auth';
import type { SignUpRole } from '../../../shared/roles';
import { errorText } from '../../api/client';
import { PrivacyPolicyContent } from '../../components/privacy-policy-content';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useRegister } from './api/register';
import { authTexts } from './texts';

const roleOptions: { value: SignUpRole; label: string; hint: string }[] = [
  { value: 'foundation', label: authTexts.foundation, hint: authTexts.foundationHint },
  { value: 'school', label: authTexts.school, hint: authTexts.schoolHint },
];

interface RegisterFormProps {
  /** The account type chosen when the form opens (a home page sign-up card names one). */
  initialRole?: SignUpRole;
  onSuccess: (user: SessionUser) => void;
}

export function RegisterForm({ initialRole = defaultSignUpRole, onSuccess }: RegisterFormProps) {
  const mutation = useRegister({
    onSuccess: (user) => {
      toast({ title: authTexts.registerSuccess, description: authTexts.registerSuccessText });
      onSuccess(user);
    },
    onError: (error) =>
      toast({
        title: authTexts.registerFailure,
        description: errorText(error, authTexts.genericFailure),
        variant: 'destructive',
      }),
  });
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '', role: initialRole },
  });
  const { errors } = form.formState;
  const role = form.watch('role');

  const submit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) => mutation.mutate(values));

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-1.5 text-sm font-medium">{authTexts.accountType}</legend>
        <div className="grid grid-cols-2 gap-2">
          {roleOptions.map((option) => (
            <label
              key={option.value}
              className={clsx(
                'cursor-pointer rounded-lg border p-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-primary',
                role === option.value ? 'border-primary bg-green-50 dark:bg-green-950' : 'border-border',
              )}
            >
              <input type="radio" value={option.value} className="sr-only" {...form.register('role')} />
              <span className="block font-semibold">{option.label}</span>
              <span className="block text-muted-foreground">{option.hint}</span>
            </label>
          ))}
        </div>
        {errors.role ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {errors.role.message}
          </p>
        ) : null}
      </fieldset>
      <FormField label={authTexts.username} error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label={authTexts.password} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label={authTexts.confirmPassword} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <p className="text-sm text-muted-foreground">
        {authTexts.consent}{' '}
        <Dialog>
          <DialogTrigger className="text-primary underline underline-offset-4 dark:text-green-400">
            {authTexts.privacyPolicyLink}
          </DialogTrigger>
          <DialogContent title="Политика конфиденциальности" wide>
            <PrivacyPolicyContent />
          </DialogContent>
        </Dialog>
      </p>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? authTexts.registerPending : authTexts.registerSubmit}
      </Button>
      <p className="text-xs text-muted-foreground">{authTexts.volunteerNote}</p>
    </form>
  );
}
