/** Solid colours for generated image placeholders; all keep white text readable. */
const placeholderColours = [
  '#15803d',
  '#0f766e',
  '#1d4ed8',
  '#7c3aed',
  '#be185d',
  '#b45309',
  '#4d7c0f',
  '#0369a1',
];

/** The same title always gets the same colour. */
export function placeholderColour(title: string): string {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return placeholderColours[hash % placeholderColours.length] ?? '#15803d';
}

/** Stock-photo hosts the old data pointed at: their pictures are replaced by the placeholder too. */
const stockPhotoHosts = [
  'unsplash.com',
  'pexels.com',
  'pixabay.com',
  'placeholder.com',
  'placehold.co',
  'picsum.photos',
];

export function isUsableImage(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const { hostname } = new URL(url, 'http://localhost');
    return !stockPhotoHosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
  } catch {
    return false;
  }
}
