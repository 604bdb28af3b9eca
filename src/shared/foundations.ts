import { z } from 'zod';
import { type Direction, directions } from './catalog';
import type { EventSummary } from './events';
import { ageRanges } from './events';
import { maxSearchLength } from './list-addresses';
import { type Pagination, pageQuery } from './pagination';
import type { ModerationStatus } from './roles';

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

export interface FoundationCard {
  id: number;
  name: string;
  shortDescription: string | null;
  description: string | null;
  directions: Direction[];
  location: string | null;
  logo: string | null;
  eventsCount: number;
  moderationStatus: ModerationStatus;
  verified: boolean;
}

export interface FoundationList {
  foundations: FoundationCard[];
  /** totalCount counts what matches the filters; overallCount every approved foundation. */
  pagination: Pagination & { overallCount: number };
}

/** What the foundation page shows of each of its events: a row with a link to the event's own page. */
export type FoundationEventItem = Pick<
  EventSummary,
  'id' | 'title' | 'date' | 'startTime' | 'endTime' | 'location' | 'isPastEvent'
>;

export interface FoundationDetail extends FoundationCard {
  userId: number;
  bio: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  vkLink: string | null;
  telegramChannel: string | null;
  telegramUsername: string | null;
  contactPerson: string | null;
  foundedYear: number | null;
  coverImage: string | null;
  videoPresentation: string | null;
  photoGallery: string[];
  moderatedAt: string | null;
  createdAt: string;
  events: FoundationEventItem[];
}
