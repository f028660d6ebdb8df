import { describe, expect, it } from 'vitest';
import { isInputVisible, visibleInputs } from './visibility';

describe('input visibility', () => {
  it('shows an input only when every show condition matches', () => {
    const param = { show: { mode: 'advanced', streaming: true } };
    expect(isInputVisible(param, { mode: 'advanced', streaming: true })).toBe(true);
    expect(isInputVisible(param, { mode: 'advanced', streaming: false })).toBe(false);
  });

  it('hides an input when any hide condition matches (Flowise)', () => {
    const param = { hide: { mode: 'simple', streaming: false } };
    expect(isInputVisible(param, { mode: 'simple', streaming: true })).toBe(false);
    expect(isInputVisible(param, { mode: 'advanced', streaming: false })).toBe(false);
    expect(isInputVisible(param, { mode: 'advanced', streaming: true })).toBe(true);
  });

  it('keeps the order of the visible inputs', () => {
    const params = [{ name: 'a' }, { name: 'b', show: { x: 'on' } }, { name: 'c' }];
    expect(visibleInputs(params, { x: 'off' }).map((p) => p.name)).toEqual(['a', 'c']);
  });
});
