import { describe, expect, it, vi } from 'vitest';
import { cachedLoad } from './cached-load.js';

describe('cachedLoad', () => {
  it('loads once for every caller, again after a failure or a reset', async () => {
    const load = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('busy')).mockResolvedValue(7);
    const value = cachedLoad(load);
    await expect(value.get()).rejects.toThrow('busy');
    expect(await Promise.all([value.get(), value.get()])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(2);
    value.reset();
    await value.get();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
