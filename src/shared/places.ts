/**
 * Where an event takes place, said once. An event has a place («Парк Горького, главный вход») and an
 * optional address; without an address of its own the server stores the place as the address, and
 * foundations often type the same text, or one inside the other, into both. Printed as two lines, the
 * paper reads «Место: X», «Адрес: X».
 */

/**
 * The words only, in one case and with ё as е, a space at either end: what a reader compares, not how it
 * is typed. The spaces make «дом 1» a part of «Москва, дом 1» but not of «дом 12».
 */
const comparable = (text: string) =>
  ` ${text
    .toLocaleLowerCase('ru-RU')
    .replaceAll('ё', 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;

export interface Place {
  location: string;
  /** null when it would only repeat the place. */
  address: string | null;
}

/**
 * The place and the address to print: both when they say different things; else one, the longer (an
 * address holding the place says everything the place does, and more), as the place.
 */
export function placeOf(location: string, address: string | null | undefined): Place {
  const place = location.trim();
  const street = address?.trim() ?? '';
  if (!street) return { location: place, address: null };
  const [placeWords, streetWords] = [comparable(place), comparable(street)];
  if (placeWords.includes(streetWords)) return { location: place, address: null };
  if (streetWords.includes(placeWords)) return { location: street, address: null };
  return { location: place, address: street };
}

/** The place on one line, as a calendar's LOCATION: «Парк Горького, Москва, ул. Крымский Вал, 9». */
export function placeLine(location: string, address: string | null | undefined): string {
  const place = placeOf(location, address);
  return place.address ? `${place.location}, ${place.address}` : place.location;
}
