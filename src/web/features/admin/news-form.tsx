import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type AdminNewsItem, type AdminNewsValues, adminNewsInputSchema } from '../../../shared/admin-news';
import { type NewsCategory, newsCategories } from '../../../shared/catalog';
import { errorText } from '../../api/client';
import { ImageUpload } from '../../components/image-upload';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useFoundationOptions } from './api/foundation-options';
import { useSaveAdminNews } from './api/save-admin-news';
import { adminNewsTexts as texts } from './news-texts';

type NewsFormInput = z.input<typeof adminNewsInputSchema>;

const uploadedImage = /^\/api\/images\/(\d+)$/;

const emptyNews: NewsFormInput = {
  title: '',
  content: '',
  category: 'news',
  foundationId: null,
  image: '',
  isPublished: true,
};

function formValuesOf(item: AdminNewsItem): NewsFormInput {
  return {
    title: item.title,
    content: item.content,
    category: item.category,
    foundationId: item.foundationId,
    image: item.image ?? '',
    isPublished: item.isPublished,
  };
}

/** Create (no item) or edit one item; checked by the schema the API applies. */
export function NewsForm({ item, onDone }: { item: AdminNewsItem | undefined; onDone: () => void }) {
  const checkboxId = useId();
  const save = useSaveAdminNews();
  const form = useForm<NewsFormInput, unknown, AdminNewsValues>({
    resolver: zodResolver(adminNewsInputSchema),
    defaultValues: item ? formValuesOf(item) : emptyNews,
  });
  const { errors } = form.formState;
  const category = useWatch({ control: form.control, name: 'category' });
  const isSuccess = category === 'success';
  const foundations = useFoundationOptions(isSuccess);

  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        id: item?.id,
        // The foundation is asked for only on a success story; a plain news item has none.
        values: { ...values, foundationId: values.category === 'success' ? values.foundationId : null },
      },
      {
        onSuccess: () => {
          toast({ title: item ? texts.updated : texts.created });
          onDone();
        },
        onError: (error) =>
          toast({
            title: texts.error,
            description: errorText(error, texts.saveFailed),
            variant: 'destructive',
          }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      <FormField label={texts.fields.title} error={errors.title?.message}>
        <Input autoComplete="off" {...form.register('title')} />
      </FormField>
      <FormField label={texts.fields.content} error={errors.content?.message}>
        <Textarea rows={6} {...form.register('content')} />
      </FormField>
      <FormField label={texts.fields.category} error={errors.category?.message}>
        <Select {...form.register('category', { deps: ['foundationId'] })}>
          {newsCategories.map((value: NewsCategory) => (
            <option key={value} value={value}>
              {texts.categoryLabels[value]}
            </option>
          ))}
        </Select>
      </FormField>
      {isSuccess ? (
        <Controller
          control={form.control}
          name="foundationId"
          render={({ field }) => (
            <FormField
              label={texts.fields.foundation}
              error={errors.foundationId?.message}
              hint={
                foundations.isPending
                  ? texts.fields.foundationsLoading
                  : foundations.isError
                    ? texts.fields.foundationsFailed
                    : undefined
              }
            >
              <Select
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value == null ? '' : String(field.value)}
                onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
              >
                <option value="">{texts.fields.foundationPlaceholder}</option>
                {/* The stored foundation stays selectable while the list loads. */}
                {item?.foundation &&
                !foundations.data?.some((option) => option.id === item.foundation?.id) ? (
                  <option value={item.foundation.id}>{item.foundation.name}</option>
                ) : null}
                {foundations.data?.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.location ? `${option.name} (${option.location})` : option.name}
                  </option>
                ))}
              </Select>
            </FormField>
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="image"
        render={({ field }) => {
          const uploaded = uploadedImage.exec(field.value ?? '');
          return (
            <>
              <FormField
                label={texts.fields.image}
                error={errors.image?.message}
                hint={texts.fields.imageHint}
              >
                <Input
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                />
              </FormField>
              <ImageUpload
                label={texts.fields.upload}
                value={uploaded ? { id: Number(uploaded[1]), url: uploaded[0] } : null}
                onChange={(image) => field.onChange(image ? `/api/images/${image.id}` : '')}
              />
            </>
          );
        }}
      />
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('isPublished')}
        />
        <label htmlFor={checkboxId} className="text-sm font-medium">
          {texts.fields.isPublished}
        </label>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" className="w-full sm:flex-1" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.save}
        </Button>
        <Button type="button" variant="outline" className="w-full sm:flex-1" onClick={onDone}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}
