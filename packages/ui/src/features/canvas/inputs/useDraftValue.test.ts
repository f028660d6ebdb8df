import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDraftValue } from './useDraftValue';

afterEach(() => vi.useRealTimers());

describe('useDraftValue', () => {
  it('keeps keystrokes local and commits once after a pause', () => {
    vi.useFakeTimers();
    const commit = vi.fn();
    const { result } = renderHook(() => useDraftValue<string>('', commit, 400));
    act(() => result.current.setDraft('a'));
    act(() => result.current.setDraft('ab'));
    expect(result.current.draft).toBe('ab');
    expect(commit).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(commit).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('commits at once on flush and when the field goes away', () => {
    const commit = vi.fn();
    const { result, unmount } = renderHook(() => useDraftValue<string>('', commit));
    act(() => result.current.setDraft('x'));
    act(() => result.current.flush());
    expect(commit).toHaveBeenLastCalledWith('x');
    act(() => result.current.setDraft('xy'));
    unmount();
    expect(commit).toHaveBeenLastCalledWith('xy');
  });

  it('takes a new value from outside (undo) but not its own commit coming back', () => {
    const commit = vi.fn();
    const { result, rerender } = renderHook(({ value }) => useDraftValue(value, commit), {
      initialProps: { value: 'one' },
    });
    act(() => result.current.setDraft('two'));
    act(() => result.current.flush());
    act(() => result.current.setDraft('two and more'));
    rerender({ value: 'two' });
    expect(result.current.draft).toBe('two and more');
    rerender({ value: 'restored' });
    expect(result.current.draft).toBe('restored');
  });
});
