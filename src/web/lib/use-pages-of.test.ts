import { describe, expect, it } from 'vitest';
import { pageCountOf, pageToStepBackTo } from './use-pages-of';

describe('the pages of a list', () => {
  it('counts whole pages, and one page for an empty list', () => {
    expect(pageCountOf(41, 20)).toBe(3);
    expect(pageCountOf(40, 20)).toBe(2);
    expect(pageCountOf(0, 20)).toBe(1);
  });

  it('steps back to the last page when the entry that made the shown page was removed', () => {
    // 41 entries on three pages; the one entry of page 3 removed leaves two.
    expect(pageToStepBackTo(3, 40, 20)).toBe(2);
    // Everything removed: the empty list's one page.
    expect(pageToStepBackTo(2, 0, 20)).toBe(1);
  });

  it('stays where it is on a page that still exists, and while there is no answer', () => {
    expect(pageToStepBackTo(2, 40, 20)).toBeUndefined();
    expect(pageToStepBackTo(1, 0, 20)).toBeUndefined();
    expect(pageToStepBackTo(3, undefined, 20)).toBeUndefined();
  });
});
