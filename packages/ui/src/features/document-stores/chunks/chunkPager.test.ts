import { describe, expect, it } from 'vitest';
import { CHUNK_PAGE_SIZE, chunkRange, rangeText } from './chunkPager';

describe('chunkRange', () => {
  it('pages by 50', () => {
    expect(CHUNK_PAGE_SIZE).toBe(50);
    expect(chunkRange(1, 230)).toEqual({ from: 1, to: 50, lastPage: 5, hasPrevious: false, hasNext: true });
    expect(chunkRange(2, 230)).toMatchObject({ from: 51, to: 100, hasPrevious: true, hasNext: true });
  });

  it('ends the last page at the last chunk', () => {
    expect(chunkRange(5, 230)).toEqual({
      from: 201,
      to: 230,
      lastPage: 5,
      hasPrevious: true,
      hasNext: false,
    });
    expect(chunkRange(1, 50)).toMatchObject({ from: 1, to: 50, lastPage: 1, hasNext: false });
  });

  it('shows 0-0 for no chunks, on one page', () => {
    expect(chunkRange(1, 0)).toEqual({ from: 0, to: 0, lastPage: 1, hasPrevious: false, hasNext: false });
  });

  it('keeps a page past the end (chunks deleted meanwhile) on the last page', () => {
    expect(chunkRange(9, 120)).toMatchObject({ from: 101, to: 120, lastPage: 3 });
    expect(chunkRange(0, 120)).toMatchObject({ from: 1, to: 50 });
  });
});

describe('rangeText', () => {
  it('says which chunks are shown', () => {
    expect(rangeText(chunkRange(2, 230), 230)).toBe('Showing 51-100 of 230 chunks');
  });
});
