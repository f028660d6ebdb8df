import { describe, expect, it } from 'vitest';
import { queryErrorText, scoreText } from './queryText';

describe('scoreText', () => {
  it('shows a similarity as a percentage with one decimal', () => {
    expect(scoreText(0.87345)).toBe('87.3%');
    expect(scoreText(1)).toBe('100%');
    expect(scoreText(0)).toBe('0%');
  });

  it('keeps the percentage within -100% and 100%', () => {
    expect(scoreText(1.0000001)).toBe('100%');
    expect(scoreText(-3)).toBe('-100%');
  });
});

describe('queryErrorText', () => {
  it("drops Flowise's service prefix and keeps our own messages", () => {
    expect(
      queryErrorText('Error: documentStoreServices.queryVectorStore - Embedding for s1 is not configured'),
    ).toBe('Embedding for s1 is not configured');
    expect(queryErrorText('Vector Store for s1 is not configured')).toBe(
      'Vector Store for s1 is not configured',
    );
  });
});
