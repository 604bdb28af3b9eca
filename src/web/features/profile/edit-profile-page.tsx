import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  Controller,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { directionLabels, directions, schoolTypeLabels, schoolTypes } from '../../../shared/catalog';
import { foundationProfileSchema, type Profile, schoolProfileSchema } from '../../../shared/profile';
import { errorText } from '../../api/client';
import { profileQuery, useProfile } from '../../api/profile';
import { useUpdateProfile } from '../../api/update-profile';
import { BackLink } from '../../components/back-link';
import { ImageUpload } from '../../components/image-upload';
import { FramedLoadError } from '../../components/load-error';
import { usePageHead } from '../../components/page-head';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import type { PageLoad } from '../../lib/page-load';
import {
  type ProfileField,
  type ProfileFieldKind,
  type ProfileRole,
  profileSections,
} from './profile-fields';
import { editProfilePageTitle, profileTexts } from './texts';

/** /dashboard/edit-profile: the school or the foundation form, by role (no other role reaches it). */
export function EditProfilePage() {
  usePageHead({ title: editProfilePageTitle });
  const { data: profile, isPending, isError, refetch, isRefetching } = useProfile();
  if (isPending) return <Spinner className="min-h-screen" />;
  if (isError) {
    return (
      <FramedLoadError
        frame="page"
        text={profileTexts.loadFailed}
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <BackLink to="/dashboard">{profileTexts.back}</BackLink>
      <h1 className="mt-4 mb-6 text-2xl font-bold">
        {profile.role === 'school' ? profileTexts.schoolTitle : profileTexts.foundationTitle}
      </h1>
      <ProfileForm profile={profile} role={profile.role === 'school' ? 'school' : 'foundation'} />
    </div>
  );
}

/** Every message of the form in one list above it, as the specification shows. */
function ErrorList({ errors }: { errors: FieldErrors }) {
  const messages = Object.values(errors)
    .map((error) => error?.message)
    .filter((message): message is string => typeof message === 'string');
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{profileTexts.errorListTitle}</p>
      <ul className="mt-2 list-disc pl-5">
        {[...new Set(messages)].map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
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

function useSave() {
  const mutation = useUpdateProfile();
  const save = (values: z.output<typeof schoolProfileSchema> | z.output<typeof foundationProfileSchema>) =>
    mutation.mutate(values, {
      onSuccess: () => toast({ title: profileTexts.saved, description: profileTexts.savedText }),
      onError: (error) =>
        toast({
          title: 'Ошибка',
          description: profileTexts.saveFailed + errorText(error, profileTexts.saveFallback),
          variant: 'destructive',
        }),
    });
  return { save, isSaving: mutation.isPending };
}

type ProfileOutput = z.output<typeof schoolProfileSchema> | z.output<typeof foundationProfileSchema>;

const schemas = { school: schoolProfileSchema, foundation: foundationProfileSchema } as const;

/** What the browser is told about each kind of one-line field: its keyboard and what it may fill in. */
const inputHints: Partial<Record<ProfileFieldKind, InputHTMLAttributes<HTMLInputElement>>> = {
  username: { autoComplete: 'username' },
  personName: { autoComplete: 'name' },
  address: { autoComplete: 'street-address' },
  phone: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email' },
  website: { type: 'url', inputMode: 'url' },
  link: { inputMode: 'url' },
};

/** What a field starts from: the saved profile, with empty text where nothing is saved. */
function savedValue(profile: Profile, { name, kind }: ProfileField): unknown {
  switch (kind) {
    case 'schoolType':
      return profile.schoolType ?? undefined;
    case 'directions':
      return profile.directions ?? [];
    case 'logo':
      return profile.logoImageId;
    case 'gallery':
      return (profile.gallery ?? []).map((photo) => photo.imageId);
    default:
      return (profile as Record<string, unknown>)[name] ?? '';
  }
}

/** The school's or the foundation's form, drawn from its declared sections (profile-fields.ts). */
function ProfileForm({ profile, role }: { profile: Profile; role: ProfileRole }) {
  const sections = profileSections[role];
  const form = useForm<FieldValues, unknown, ProfileOutput>({
    // The role's schema validates and words every message; the fields it names are the declared ones.
    resolver: zodResolver(schemas[role]) as unknown as Resolver<FieldValues, unknown, ProfileOutput>,
    defaultValues: Object.fromEntries(
      sections.flatMap((section) => section.fields).map((field) => [field.name, savedValue(profile, field)]),
    ),
  });
  const { save, isSaving } = useSave();
  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-6">
      <ErrorList errors={form.formState.errors} />
      {sections.map((section) => (
        <Section key={section.title} title={section.title}>
          {section.fields.map((field) => (
            <Field key={field.name} form={form} field={field} />
          ))}
        </Section>
      ))}
      <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
        {isSaving ? profileTexts.saving : profileTexts.save}
      </Button>
    </form>
  );
}

/** One declared field, drawn as its kind says, with its message under it. */
function Field({
  form,
  field,
}: {
  form: UseFormReturn<FieldValues, unknown, ProfileOutput>;
  field: ProfileField;
}) {
  const { name, label, kind, hint } = field;
  const error = form.formState.errors[name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  switch (kind) {
    case 'longText':
      return (
        <FormField label={label} error={message} {...(hint ? { hint } : {})}>
          <Textarea rows={4} {...form.register(name)} />
        </FormField>
      );
    case 'schoolType':
      return (
        <FormField label={label} error={message} {...(hint ? { hint } : {})}>
          <Select {...form.register(name)}>
            <option value="">{profileTexts.chooseSchoolType}</option>
            {schoolTypes.map((type) => (
              <option key={type} value={type}>
                {schoolTypeLabels[type]}
              </option>
            ))}
          </Select>
        </FormField>
      );
    case 'directions':
      return (
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{label}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {directions.map((direction) => (
              <label key={direction} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={direction}
                  className="size-4 accent-green-700"
                  {...form.register(name)}
                />
                {directionLabels[direction]}
              </label>
            ))}
          </div>
          {message ? (
            <p role="alert" className="mt-1 text-sm text-destructive dark:text-red-400">
              {message}
            </p>
          ) : null}
        </fieldset>
      );
    case 'logo':
      return (
        <Controller
          control={form.control}
          name={name}
          render={({ field: control }) => (
            <ImageUpload
              label={label}
              value={control.value ? { id: control.value, url: `/api/images/${control.value}` } : null}
              onChange={(image) => control.onChange(image ? image.id : null)}
            />
          )}
        />
      );
    case 'gallery':
      return (
        <>
          <Controller
            control={form.control}
            name={name}
            render={({ field: control }) => (
              <GalleryEditor label={label} ids={control.value ?? []} onChange={control.onChange} />
            )}
          />
          {message ? (
            <p role="alert" className="text-sm text-destructive dark:text-red-400">
              {message}
            </p>
          ) : null}
        </>
      );
    default:
      return (
        <FormField label={label} error={message} {...(hint ? { hint } : {})}>
          <Input {...inputHints[kind]} {...form.register(name)} />
        </FormField>
      );
  }
}

const galleryLimit = 6;

function GalleryEditor({
  label,
  ids,
  onChange,
}: {
  label: string;
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">{label}</p>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {ids.map((id) => (
          <li key={id} className="relative">
            <img
              src={`/api/images/${id}`}
              alt=""
              className="aspect-square w-full rounded-lg border border-border object-cover"
            />
            <button
              type="button"
              aria-label={profileTexts.removePhoto}
              onClick={() => onChange(ids.filter((item) => item !== id))}
              className="absolute top-1 right-1 rounded-full bg-black/70 p-1 text-white"
            >
              <X aria-hidden className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      {ids.length < galleryLimit ? (
        <ImageUpload
          label={profileTexts.addPhoto}
          value={null}
          onChange={(image) => {
            if (image) onChange([...ids, image.id]);
          }}
        />
      ) : null}
    </div>
  );
}

export const loadEditProfilePage: PageLoad = ({ queryClient }) => queryClient.ensureQueryData(profileQuery);
