import { z } from 'zod';
import { usernameSchema } from './auth';
import { directions, schoolTypes } from './catalog';
import { httpLink, telegramLink } from './links';
import { maxDatabaseId } from './pagination';
import { moderationStatuses, roles } from './roles';
import { nullableTexts, optionalText as sharedOptionalText, tooLong, visibleText } from './text';

/** Texts of the profile rules (working-areas.md section 5), shared by the forms and PATCH /api/profile. */
export const profileMessages = {
  schoolName: 'Название школы должно содержать минимум 5 символов',
  foundationName: 'Название фонда должно содержать минимум 5 символов',
  schoolType: 'Выберите тип школы',
  description: 'Описание должно содержать минимум 20 символов',
  directions: 'Выберите хотя бы одно направление',
  address: 'Укажите полный адрес',
  phone: 'Укажите корректный телефон',
  email: 'Укажите корректный email',
  contactPerson: 'Имя контактного лица должно содержать минимум 2 символа',
  tooLong,
  gallery: 'В галерее может быть не более 6 фотографий',
  image: 'Некорректное изображение',
} as const;

const text = (min: number, message: string, max = 200) =>
  visibleText(message).min(min, message).max(max, profileMessages.tooLong(max));

/**
 * An optional free field: empty text means "not given". Schemas here accept their own output (null), because
 * a form validates with them and then sends the result to the server, which validates it again.
 */
const optionalText = (max = 200) => sharedOptionalText(max, profileMessages.tooLong(max));

/** An uploaded picture is referred to by the id POST /api/images returned; null removes it. */
const imageRef = z
  .number({ error: profileMessages.image })
  .int()
  .positive()
  .max(maxDatabaseId, profileMessages.image)
  .nullable()
  .optional();

const commonProfileFields = {
  username: usernameSchema,
  description: text(20, profileMessages.description, 5000),
  shortDescription: optionalText(300),
  address: text(10, profileMessages.address, 300),
  phone: text(10, profileMessages.phone, 40),
  email: z.string({ error: profileMessages.email }).trim().toLowerCase().pipe(z.email(profileMessages.email)),
  // Optional: the profile is complete without it (docs/spec/decisions.md); others see it once given.
  contactPerson: optionalText(200).refine(
    (value) => value === null || value.length >= 2,
    profileMessages.contactPerson,
  ),
  website: httpLink(),
  vkLink: httpLink(),
  telegramChannel: telegramLink(),
  logoImageId: imageRef,
};

export const schoolProfileSchema = z.object({
  ...commonProfileFields,
  fullName: text(5, profileMessages.schoolName),
  schoolType: z.enum(schoolTypes, { error: profileMessages.schoolType }),
});
export type SchoolProfileInput = z.infer<typeof schoolProfileSchema>;

export const foundationProfileSchema = z.object({
  ...commonProfileFields,
  fullName: text(5, profileMessages.foundationName),
  directions: z
    .array(z.enum(directions, { error: profileMessages.directions }), { error: profileMessages.directions })
    .min(1, profileMessages.directions),
  videoPresentation: httpLink(),
  galleryImageIds: z
    .array(z.number().int().positive().max(maxDatabaseId, profileMessages.image))
    .max(6, profileMessages.gallery)
    .optional(),
});
export type FoundationProfileInput = z.infer<typeof foundationProfileSchema>;

/** The signed-in account with its organisation's profile and counters (GET /api/profile). */
export const profileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(roles),
    /** The foundation's or school's own number; null for an account without an organisation. */
    organisationId: z.number().int().nullable(),
    moderationStatus: z.enum(moderationStatuses).nullable(),
    ...nullableTexts('moderationComment', 'moderatedAt', 'notificationsReadAt'),
    hasNewNotifications: z.boolean(),
    /** Name, e-mail, phone, description and address filled in; always true for an administrator. */
    isProfileComplete: z.boolean(),
    ...nullableTexts(
      'fullName',
      'shortDescription',
      'description',
      'email',
      'phone',
      'address',
      'location',
      'website',
      'telegramChannel',
      'vkLink',
      'contactPerson',
    ),
    /** The logo's address. */
    avatar: z.string().nullable(),
    logoImageId: z.number().int().nullable(),
    /** A school's only. */
    schoolType: z.string().nullable().optional(),
    /** A foundation's only, as are the video and the gallery. */
    directions: z.array(z.string()).optional(),
    videoPresentation: z.string().nullable().optional(),
    gallery: z.array(z.object({ imageId: z.number().int(), url: z.string() })).optional(),
    totalHours: z.number().int(),
    totalEvents: z.number().int(),
    /** A foundation's credited hours over the events it has held (completed), rounded; 0 before the first. */
    hoursPerHeldEvent: z.number().int(),
    registeredEvents: z.number().int(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;
