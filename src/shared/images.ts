import { countOf } from './plural';

/**
 * Upload rules (working-areas.md sections 5 and 9, docs/spec/decisions.md,
 * docs/decisions/030-image-quota-and-cleanup.md).
 */
export const maxImageBytes = 5 * 1024 * 1024;
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;

/**
 * Pixel limits, measured in docs/decisions/029-image-decoding-limits.md, in pixels of 8-bit colour (3 bytes):
 * a pixel with alpha or 16-bit samples counts for its bytes. A plain JPEG or PNG is decoded a strip at a time
 * and a JPEG shrinks while it loads, so a 48-megapixel phone photo costs tens of megabytes; a GIF, an
 * interlaced PNG or a progressive JPEG is held whole while it decodes, so it gets a smaller limit.
 */
export const maxImageMegapixels = 50;
export const maxWholeDecodedMegapixels = 12;

export interface ImageQuota {
  uploadsPerDay: number;
  storedBytes: number;
  /** Pictures an organisation not yet approved may keep: what its profile shows before approval. */
  pendingAccountImages: number;
  /** New pictures the whole site takes a day from organisations (IMAGES_PER_DAY). */
  sitePerDay: number;
}

/** The site's new pictures a day unless IMAGES_PER_DAY says otherwise. */
export const defaultSiteImagesPerDay = 2000;

/**
 * What one account may upload: pictures are for organisation pages, events and news, a few a day.
 * Unused pictures are removed a day after upload, so the stored bytes are mostly pictures in use.
 * Sign-up is free, so an account the moderators have not approved keeps only its logo and cover, and
 * the site as a whole takes a bounded number a day however many accounts are made.
 */
export const imageQuota: ImageQuota = {
  uploadsPerDay: 50,
  storedBytes: 100 * 1024 * 1024,
  pendingAccountImages: 2,
  sitePerDay: defaultSiteImagesPerDay,
};

/** '100 МБ', '512 КБ': sizes in the words of the quota messages. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} МБ` : `${Math.round(bytes / 1024)} КБ`;

export const imageMessages = {
  tooLarge: 'Файл слишком большой. Максимальный размер: 5 МБ',
  notAnImage: 'Можно загружать только изображения',
  wrongFormat: 'Поддерживаются только изображения PNG, JPG и GIF',
  tooManyPixels: `Изображение слишком большое: не более ${maxImageMegapixels} мегапикселей (с прозрачностью или 16 битами на канал — меньше)`,
  tooManyPixelsWhole: `Изображение слишком большое: GIF, чересстрочный PNG или прогрессивный JPEG — не более ${maxWholeDecodedMegapixels} мегапикселей (GIF, а также с прозрачностью или 16 битами на канал — меньше)`,
  uploadsPerDay: (limit: number) =>
    `За сутки загружено изображений: ${limit}, больше нельзя. Попробуйте завтра`,
  storedBytes: (limit: number) =>
    `Ваши изображения уже занимают ${sizeText(limit)}, больше загрузить нельзя. Неиспользуемые изображения удаляются через сутки после загрузки`,
  pendingAccount: (limit: number) =>
    `Пока профиль не одобрен модератором, можно загрузить не более ${countOf(limit, { one: 'изображения', few: 'изображений', many: 'изображений' })}: логотип и обложку. Остальные — после одобрения`,
  sitePerDay: 'Сегодня на сайт загружено слишком много изображений. Попробуйте завтра',
  busy: 'Сервер сейчас обрабатывает много изображений. Попробуйте через минуту',
  imageId: 'Некорректный номер изображения',
  notFound: 'Изображение не найдено',
} as const;

// Type only: the schema lives in images-answers.ts so that this file stays free of zod.
export type { UploadedImage } from './images-answers';
