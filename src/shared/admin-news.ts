import { z } from 'zod';
import { newsCategories } from './catalog';
import { toHttpLink } from './link-targets';
import { newsMessages } from './news';
import { maxDatabaseId, pageQuery } from './pagination';
import { tooLong, visibleText } from './text';

/** Texts of the administrator's news (working-areas.md sections 2, 5 and 8), shared by panel and API. */
export const adminNewsMessages = {
  required: 'Заголовок и содержание обязательны',
  tooLong,
  category: 'Категория может быть только «Новость» или «История волонтерства»',
  foundationRequired: 'Для истории волонтерства выберите фонд',
  foundationId: 'Некорректный номер фонда',
  foundationNotFound: 'Фонд не найден',
  image: 'Изображение должно быть ссылкой (URL) или загруженной картинкой',
  imageId: 'Некорректный номер изображения',
  imageNotFound: 'Изображение не найдено',
  isPublished: 'Укажите, публиковать ли новость сразу',
  search: 'Поисковый запрос слишком длинный',
  newsId: newsMessages.newsId,
  notFound: newsMessages.notFound,

  created: 'Новость создана',
  updated: 'Новость обновлена',
  deleted: 'Новость удалена',
  loadFailed: 'Не удалось загрузить список новостей',
  saveFailed: 'Ошибка при сохранении новости',
  deleteFailed: 'Ошибка при удалении новости',
} as const;

const messages = adminNewsMessages;

export const newsTitleMax = 200;
export const newsContentMax = 20_000;
export const newsImageUrlMax = 2000;
/** The admin list shows this many characters of the content (working-areas.md section 9). */
export const newsPreviewLength = 100;

const requiredText = (max: number) =>
  visibleText(messages.required).min(1, messages.required).max(max, messages.tooLong(max));

/** An uploaded picture's own address, as POST /api/images answers it. */
const uploadedImagePath = /^\/api\/images\/[1-9]\d{0,9}$/;

/**
 * True for an http(s) address (written with its scheme) or the path of an uploaded picture; javascript:,
 * data:, ftp: and hosts without a dot are refused, as in every other link field (links.ts).
 */
export function isNewsImageUrl(value: string): boolean {
  return uploadedImagePath.test(value) || (/^https?:\/\//i.test(value) && toHttpLink(value) !== undefined);
}

/**
 * An optional field keeps three meanings: absent (undefined: on update, keep what is stored), null or
 * empty text (remove), a value. Schemas here accept their own output, as the other shared schemas do.
 */
const imageField = z
  .string({ error: messages.image })
  .trim()
  .max(newsImageUrlMax, messages.tooLong(newsImageUrlMax))
  .refine((value) => value === '' || isNewsImageUrl(value), messages.image)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null));

const idField = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(maxDatabaseId, message).nullish();

/**
 * What the administrator sends to create or change a news item. isPublished left out means "publish"
 * on create and "leave as it is" on update; the form starts with it switched on.
 */
export const adminNewsInputSchema = z
  .object({
    title: requiredText(newsTitleMax),
    content: requiredText(newsContentMax),
    image: imageField,
    imageId: idField(messages.imageId),
    category: z.enum(newsCategories, { error: messages.category }),
    foundationId: idField(messages.foundationId),
    isPublished: z.boolean({ error: messages.isPublished }).optional(),
  })
  .refine((input) => input.category !== 'success' || (input.foundationId ?? null) !== null, {
    message: messages.foundationRequired,
    path: ['foundationId'],
  });
export type AdminNewsInput = z.input<typeof adminNewsInputSchema>;
export type AdminNewsValues = z.output<typeof adminNewsInputSchema>;

/** GET /api/admin/news: category omitted means all; search looks in title and content. */
export const adminNewsQuerySchema = z.object({
  category: z.enum(newsCategories, { error: messages.category }).optional(),
  search: z
    .string()
    .trim()
    .max(100, messages.search)
    .optional()
    .transform((value) => value || undefined),
  ...pageQuery,
});
export type AdminNewsQuery = z.input<typeof adminNewsQuerySchema>;

/** One item as the administrator's list and the create and update answers show it. */
export const adminNewsItemSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    content: z.string(),
    /** The first 100 characters of the content. */
    preview: z.string(),
    /** The address to show: the given URL, else the uploaded picture's, else null. */
    image: z.string().nullable(),
    imageId: z.number().nullable(),
    category: z.enum(newsCategories),
    foundationId: z.number().nullable(),
    foundation: z.object({ id: z.number(), name: z.string() }).nullable(),
    isPublished: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminNewsItem' });
export type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;
