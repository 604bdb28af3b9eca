/** Enumerations of the domain with the Russian labels people read. */

export const activityTypes = ['ecology', 'education', 'social', 'sport', 'culture'] as const;
export type ActivityType = (typeof activityTypes)[number];

export const activityTypeLabels: Record<ActivityType, string> = {
  ecology: 'Экология',
  education: 'Образование',
  social: 'Социальная помощь',
  sport: 'Спорт',
  culture: 'Культура',
};

export const ageRanges = ['14+', '16+', '18+'] as const;
export type AgeRange = (typeof ageRanges)[number];
export const ageRangeValue: Record<AgeRange, number> = { '14+': 14, '16+': 16, '18+': 18 };

/** Date filter of the event lists; week runs Monday to Sunday, all in APP_TIMEZONE. */
export const datePresets = ['today', 'week', 'month'] as const;
export type DatePreset = (typeof datePresets)[number];
export const isDatePreset = (value: string): value is DatePreset =>
  (datePresets as readonly string[]).includes(value);

export const directions = ['ecology', 'social', 'education', 'sport', 'culture', 'health', 'art'] as const;
export type Direction = (typeof directions)[number];

export const directionLabels: Record<Direction, string> = {
  ecology: 'Экология',
  social: 'Социальная помощь',
  education: 'Образование',
  sport: 'Спорт',
  culture: 'Культура',
  health: 'Здравоохранение',
  art: 'Искусство',
};

export const unknownLabel = 'Другое';

export const eventStatuses = ['upcoming', 'active', 'completed', 'canceled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventStatusLabels: Record<EventStatus, string> = {
  upcoming: 'Запланировано',
  active: 'Идёт',
  completed: 'Завершено',
  canceled: 'Отменено',
};

/** 'waitlisted' holds no places: it waits for a full event's places to free up (applications/service.ts). */
export const applicationStatuses = ['waitlisted', 'pending', 'approved', 'rejected', 'completed'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** An application's status as a word, where one word stands for it (exports, printed lists). */
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  waitlisted: 'В листе ожидания',
  pending: 'Ожидает',
  approved: 'Одобрена',
  rejected: 'Отклонена',
  completed: 'Завершена',
};

/** The statuses under which a school has an application in play for an event: one at a time. */
export const activeApplicationStatuses = ['waitlisted', 'pending', 'approved'] as const;
export type ActiveApplicationStatus = (typeof activeApplicationStatuses)[number];

export const volunteerRequestStatuses = ['open', 'closed', 'fulfilled'] as const;
export type VolunteerRequestStatus = (typeof volunteerRequestStatuses)[number];

export const schoolResponseStatuses = ['pending', 'accepted', 'rejected'] as const;
export type SchoolResponseStatus = (typeof schoolResponseStatuses)[number];

export const newsCategories = ['news', 'success'] as const;
export type NewsCategory = (typeof newsCategories)[number];

export const schoolTypes = ['state', 'private'] as const;
export type SchoolType = (typeof schoolTypes)[number];

export const schoolTypeLabels: Record<SchoolType, string> = {
  state: 'государственная',
  private: 'частная',
};

/** Age limits an event may carry: 3+ to 18+. */
export const minAgeRestriction = 3;
export const maxAgeRestriction = 18;
