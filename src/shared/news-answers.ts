import { z } from 'zod';
import { newsCategories } from './catalog';
import { newsPreviewLength } from './news';
import { pageOnlyQuerySchema } from './pagination';

/**
 * What the public news reads answer. Kept apart from news.ts, which the public pages import for its
 * labels and must stay free of zod (it would join their initial JavaScript); they import this type only.
 */
export const newsItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    category: z.enum(newsCategories),
    image: z.string().nullable().describe('A given address, else /api/images/{id}; null without a picture'),
    createdAt: z.string().describe('ISO 8601'),
    foundation: z
      .object({ id: z.number().int(), name: z.string(), location: z.string().nullable() })
      .nullable()
      .describe('The foundation a success story tells about'),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof newsItemSchema>;

/**
 * A news item as the lists show it: the start of its text, not the whole of it. The reader who opens
 * the item reads it from GET /api/news/{id}.
 */
export const newsPreviewSchema = newsItemSchema
  .omit({ content: true })
  .extend({
    excerpt: z
      .string()
      .describe(`The first ${newsPreviewLength} characters of the text, with '…' when there is more`),
  })
  .meta({ id: 'NewsPreview' });
export type NewsPreview = z.infer<typeof newsPreviewSchema>;

export const newsListQuerySchema = pageOnlyQuerySchema;
