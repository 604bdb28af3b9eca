import { type RefObject, useEffect } from 'react';

/**
 * A page the server drew can be typed into before its scripts have adopted it: the text stays in the
 * field, but the state behind the field still holds what the page was drawn with, so a search typed
 * early would be shown and silently ignored. Once adopted, the field's text is taken over.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (typed: string) => void,
): void {
  // Only the first look matters: from then on every keystroke reaches the state through onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, right after adoption
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
  }, []);
}
