import { z } from 'zod';
import { directions } from './catalog';
import { ageRanges, eventSummarySchema } from './events';
import { maxSearchLength } from './list-addresses';
import { pageQuery, paginationSchema } from './pagination';
import { moderationStatuses } from './roles';
import { nullableTexts } from './text';

export const foundationMessages = {
  directions: 'Неизвестное направление деятельности фонда',
  ageRestriction: 'Возрастной фильтр может быть только all, 14+, 16+ или 18+',
  search: 'Поисковый запрос слишком длинный',
  foundationId: 'Некорректный номер фонда',
  notFound: 'Фонд не найден',
} as const;

export const foundationListQuerySchema = z.object({
  search: z.string().trim().max(maxSearchLength, foundationMessages.search).optional(),
  /** Comma-joined direction ids, as the specification's client sends them. */
  directions: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(directions, { error: foundationMessages.directions })).max(directions.length)),
  ageRestriction: z.enum(['all', ...ageRanges], { error: foundationMessages.ageRestriction }).optional(),
  ...pageQuery,
});
export type FoundationListQuery = z.infer<typeof foundationListQuerySchema>;

export const foundationCardSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    shortDescription: z.string().nullable(),
    description: z.string().nullable(),
    directions: z.array(z.enum(directions)),
    location: z.string().nullable(),
    logo: z.string().nullable().describe("The logo's address, /api/images/{id}"),
    eventsCount: z.number().int().describe('Its events that are not cancelled'),
    moderationStatus: z.enum(moderationStatuses),
    verified: z.boolean(),
  })
  .meta({ id: 'FoundationCard' });
export type FoundationCard = z.infer<typeof foundationCardSchema>;

export const foundationListSchema = z
  .object({
    foundations: z.array(foundationCardSchema),
    /** totalCount counts what matches the filters; overallCount every approved foundation. */
    pagination: paginationSchema.extend({
      overallCount: z.number().int().describe('Every approved foundation, whatever the filters'),
    }),
  })
  .meta({ id: 'FoundationList' });
export type FoundationList = z.infer<typeof foundationListSchema>;

/** What the foundation page shows of each of its events: a row with a link to the event's own page. */
export const foundationEventItemSchema = eventSummarySchema
  .pick({
    id: true,
    title: true,
    date: true,
    startTime: true,
    endTime: true,
    location: true,
    isPastEvent: true,
  })
  .meta({ id: 'FoundationEventItem' });
export type FoundationEventItem = z.infer<typeof foundationEventItemSchema>;

export const foundationDetailSchema = foundationCardSchema
  .extend({
    userId: z.number().int(),
    ...nullableTexts(
      'bio',
      'address',
      'phone',
      'email',
      'website',
      'vkLink',
      'telegramChannel',
      'telegramUsername',
      'contactPerson',
    ),
    foundedYear: z.number().int().nullable(),
    ...nullableTexts('coverImage', 'videoPresentation'),
    photoGallery: z.array(z.string()).describe('At most 6 picture addresses, in order'),
    moderatedAt: z.string().nullable().describe('ISO 8601'),
    createdAt: z.string().describe('ISO 8601'),
    events: z.array(foundationEventItemSchema),
  })
  .meta({ id: 'FoundationDetail' });
export type FoundationDetail = z.infer<typeof foundationDetailSchema>;

/** The foundation dashboard's counters, each over the caller's own rows. */
export const foundationStatsSchema = z
  .object({
    totalEvents: z.number().int(),
    totalVolunteerHours: z.number().int().describe('Hours credited for its events'),
  })
  .meta({ id: 'FoundationStats' });
export type FoundationStats = z.infer<typeof foundationStatsSchema>;

export const applicationStatsSchema = z
  .object({
    totalApplications: z.number().int(),
    approvedApplications: z.number().int().describe('Approved or completed'),
    pendingApplications: z.number().int(),
    totalEvents: z.number().int(),
  })
  .meta({ id: 'ApplicationStats' });
export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

export const pendingApplicationsCountSchema = z
  .object({ count: z.number().int().describe('Pending applications to its events') })
  .meta({ id: 'PendingApplicationsCount' });
export type PendingApplicationsCount = z.infer<typeof pendingApplicationsCountSchema>;
