import { describe, expect, it } from 'vitest';
import { compactPageItems, pageItems } from './pagination';

describe('pageItems', () => {
  it('shows every page when no window is given or few pages exist', () => {
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(3, 7, 5)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('slides a window of five with the first and last pages and ellipses', () => {
    expect(pageItems(1, 20, 5)).toEqual([1, 2, 3, 4, 5, 6, 'gap-end', 20]);
    expect(pageItems(10, 20, 5)).toEqual([1, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 20]);
    expect(pageItems(20, 20, 5)).toEqual([1, 'gap-start', 15, 16, 17, 18, 19, 20]);
    expect(pageItems(4, 20, 5)).toEqual([1, 2, 3, 4, 5, 6, 'gap-end', 20]);
    expect(pageItems(5, 20, 5)).toEqual([1, 'gap-start', 3, 4, 5, 6, 7, 'gap-end', 20]);
  });
});

describe('compactPageItems', () => {
  it('shows up to five pages whole, and beyond that only the first, current and last', () => {
    expect(compactPageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(compactPageItems(1, 7)).toEqual([1, 2, 'gap-end', 7]);
    expect(compactPageItems(4, 7)).toEqual([1, 'gap-start', 4, 'gap-end', 7]);
    expect(compactPageItems(7, 7)).toEqual([1, 'gap-start', 6, 7]);
  });
});
