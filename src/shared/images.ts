/** Upload rules (working-areas.md sections 5 and 9, decisions.md). */
export const maxImageBytes = 5 * 1024 * 1024;
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/gif'] as const;

export const imageMessages = {
  tooLarge: 'Файл слишком большой. Максимальный размер: 5 МБ',
  notAnImage: 'Можно загружать только изображения',
  wrongFormat: 'Поддерживаются только изображения PNG, JPG и GIF',
  tooManyPixels: 'Изображение слишком большое: не более 40 мегапикселей',
  imageId: 'Некорректный номер изображения',
  notFound: 'Изображение не найдено',
} as const;

export interface UploadedImage {
  id: number;
  url: string;
  width: number;
  height: number;
}
