/**
 * Soft tints of the brand's greens and their neighbours, each with an ink dark (or, in the dark theme,
 * light) enough for initials on it to pass WCAG AA. Full class names, so Tailwind finds them here.
 */
const brandTone = 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300';
const placeholderTones = [
  brandTone,
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-300',
  'bg-lime-100 text-lime-800 dark:bg-lime-950 dark:text-lime-300',
  'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200',
  'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
];

/** The same title always gets the same tone. */
export function placeholderTone(title: string): string {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return placeholderTones[hash % placeholderTones.length] ?? brandTone;
}

/** Words that say what kind of organisation it is, not which one: initials skip them. */
const organisationWords = new Set([
  'благотворительный',
  'благотворительная',
  'некоммерческая',
  'автономная',
  'общественная',
  'региональная',
  'межрегиональная',
  'организация',
  'фонд',
  'фонда',
  'ано',
  'нко',
  'гбоу',
  'гбу',
  'мбоу',
]);

const quoted = /[«"“„]([^»"”“]+)[»"”“]/u;

/**
 * One or two letters that stand for an organisation: the words of its quoted name when it has one
 * («Благотворительный фонд «Добрые руки»» is ДР), else its words without the kind of organisation.
 */
export function initialsOf(name: string): string {
  const source = quoted.exec(name)?.[1] ?? name;
  const words = (source.match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (word) => !organisationWords.has(word.toLowerCase()),
  );
  const letters = words.slice(0, 2).map((word) => word[0] ?? '');
  const fallback = name.match(/[\p{L}\p{N}]/u)?.[0] ?? '';
  return (letters.join('') || fallback).toUpperCase();
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
