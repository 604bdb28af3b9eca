import { useMutation } from '@tanstack/react-query';
import { acceptedImageTypes, imageMessages, maxImageBytes, type UploadedImage } from '../../shared/images';
import { ApiError } from './client';

/** Checks what the browser can know before sending; the server decodes the bytes to be sure. */
export function imageFileProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return imageMessages.notAnImage;
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) return imageMessages.wrongFormat;
  if (file.size > maxImageBytes) return imageMessages.tooLarge;
  return undefined;
}

export async function uploadImage(file: File): Promise<UploadedImage> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const response = await fetch('/api/images', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': file.type },
    body: file,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as UploadedImage;
}

export function useImageUpload() {
  return useMutation({ mutationFn: uploadImage });
}
