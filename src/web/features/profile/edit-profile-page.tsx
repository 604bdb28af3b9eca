import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
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
      {profile.role === 'school' ? (
        <SchoolProfileForm profile={profile} />
      ) : (
        <FoundationProfileForm profile={profile} />
      )}
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

/** What both forms start from: the saved profile, with empty text where nothing is saved. */
const commonValues = (profile: Profile) => ({
  username: profile.username,
  fullName: profile.fullName ?? '',
  shortDescription: profile.shortDescription ?? '',
  description: profile.description ?? '',
  address: profile.address ?? '',
  phone: profile.phone ?? '',
  email: profile.email ?? '',
  contactPerson: profile.contactPerson ?? '',
  website: profile.website ?? '',
  vkLink: profile.vkLink ?? '',
  telegramChannel: profile.telegramChannel ?? '',
  logoImageId: profile.logoImageId,
});

function SchoolProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<z.input<typeof schoolProfileSchema>, unknown, z.output<typeof schoolProfileSchema>>({
    resolver: zodResolver(schoolProfileSchema),
    defaultValues: {
      ...commonValues(profile),
      schoolType: (profile.schoolType as 'state' | 'private' | null) ?? undefined,
    },
  });
  const { errors } = form.formState;

  return (
    <ProfileFormShell form={form}>
      <Section title={`1. ${profileTexts.basicSection}`}>
        <NameFields form={form} nameLabel={profileTexts.schoolName} />
        <FormField label={profileTexts.schoolType} error={errors.schoolType?.message}>
          <Select {...form.register('schoolType')}>
            <option value="">{profileTexts.chooseSchoolType}</option>
            {schoolTypes.map((type) => (
              <option key={type} value={type}>
                {schoolTypeLabels[type]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label={profileTexts.shortDescription} error={errors.shortDescription?.message}>
          <Input {...form.register('shortDescription')} />
        </FormField>
        <FormField label={profileTexts.schoolDescription} error={errors.description?.message}>
          <Textarea rows={4} {...form.register('description')} />
        </FormField>
        <LogoField form={form} />
      </Section>
      <ContactFields form={form} addressLabel={profileTexts.address} />
    </ProfileFormShell>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: both profile forms share these fields; their form types differ elsewhere
type AnyProfileForm = ReturnType<typeof useForm<any>>;

/** Either profile form: every message listed above its sections, and the one save button below. */
function ProfileFormShell({ form, children }: { form: AnyProfileForm; children: ReactNode }) {
  const { save, isSaving } = useSave();
  return (
    <form noValidate onSubmit={form.handleSubmit(save)} className="space-y-6">
      <ErrorList errors={form.formState.errors} />
      {children}
      <Button type="submit" disabled={isSaving} className="w-full sm:w-auto">
        {isSaving ? profileTexts.saving : profileTexts.save}
      </Button>
    </form>
  );
}

/** The account's name and the organisation's, first in both forms. */
function NameFields({ form, nameLabel }: { form: AnyProfileForm; nameLabel: string }) {
  const errors = form.formState.errors as FieldErrors<Record<string, string>>;
  return (
    <>
      <FormField label={profileTexts.username} error={errors.username?.message}>
        <Input autoComplete="username" {...form.register('username')} />
      </FormField>
      <FormField label={nameLabel} error={errors.fullName?.message}>
        <Input {...form.register('fullName')} />
      </FormField>
    </>
  );
}

function LogoField({ form }: { form: AnyProfileForm }) {
  return (
    <Controller
      control={form.control}
      name="logoImageId"
      render={({ field }) => (
        <ImageUpload
          label={profileTexts.logo}
          value={field.value ? { id: field.value, url: `/api/images/${field.value}` } : null}
          onChange={(image) => field.onChange(image ? image.id : null)}
        />
      )}
    />
  );
}

function ContactFields({ form, addressLabel }: { form: AnyProfileForm; addressLabel: string }) {
  const errors = form.formState.errors as FieldErrors<Record<string, string>>;
  return (
    <>
      <Section title={`2. ${profileTexts.contactsSection}`}>
        <FormField label={addressLabel} error={errors.address?.message}>
          <Input autoComplete="street-address" {...form.register('address')} />
        </FormField>
        <FormField label={profileTexts.phone} error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label={profileTexts.email} error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField label={profileTexts.contactPerson} error={errors.contactPerson?.message}>
          <Input autoComplete="name" {...form.register('contactPerson')} />
        </FormField>
        <FormField label={profileTexts.website} error={errors.website?.message}>
          <Input type="url" inputMode="url" {...form.register('website')} />
        </FormField>
      </Section>
      <Section title={`3. ${profileTexts.socialSection}`}>
        <FormField label={profileTexts.vk} error={errors.vkLink?.message}>
          <Input inputMode="url" {...form.register('vkLink')} />
        </FormField>
        <FormField label={profileTexts.telegram} error={errors.telegramChannel?.message}>
          <Input inputMode="url" {...form.register('telegramChannel')} />
        </FormField>
      </Section>
    </>
  );
}

function FoundationProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<
    z.input<typeof foundationProfileSchema>,
    unknown,
    z.output<typeof foundationProfileSchema>
  >({
    resolver: zodResolver(foundationProfileSchema),
    defaultValues: {
      ...commonValues(profile),
      directions: (profile.directions ?? []) as (typeof directions)[number][],
      videoPresentation: profile.videoPresentation ?? '',
      galleryImageIds: (profile.gallery ?? []).map((photo) => photo.imageId),
    },
  });
  const { errors } = form.formState;

  return (
    <ProfileFormShell form={form}>
      <Section title={`1. ${profileTexts.basicSection}`}>
        <NameFields form={form} nameLabel={profileTexts.foundationName} />
        <FormField label={profileTexts.shortDescription} error={errors.shortDescription?.message}>
          <Input {...form.register('shortDescription')} />
        </FormField>
        <FormField label={profileTexts.foundationDescription} error={errors.description?.message}>
          <Textarea rows={4} {...form.register('description')} />
        </FormField>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{profileTexts.directions}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {directions.map((direction) => (
              <label key={direction} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={direction}
                  className="size-4 accent-green-700"
                  {...form.register('directions')}
                />
                {directionLabels[direction]}
              </label>
            ))}
          </div>
          {errors.directions?.message ? (
            <p role="alert" className="mt-1 text-sm text-destructive dark:text-red-400">
              {errors.directions.message}
            </p>
          ) : null}
        </fieldset>
        <LogoField form={form} />
      </Section>
      <ContactFields form={form as unknown as AnyProfileForm} addressLabel={profileTexts.foundationAddress} />
      <Section title={`4. ${profileTexts.publicPageSection}`}>
        <Controller
          control={form.control}
          name="galleryImageIds"
          render={({ field }) => <GalleryEditor ids={field.value ?? []} onChange={field.onChange} />}
        />
        {errors.galleryImageIds?.message ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            {errors.galleryImageIds.message}
          </p>
        ) : null}
        <FormField label={profileTexts.video} error={errors.videoPresentation?.message}>
          <Input inputMode="url" {...form.register('videoPresentation')} />
        </FormField>
      </Section>
    </ProfileFormShell>
  );
}

const galleryLimit = 6;

function GalleryEditor({ ids, onChange }: { ids: number[]; onChange: (ids: number[]) => void }) {
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium">{profileTexts.gallery}</p>
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
