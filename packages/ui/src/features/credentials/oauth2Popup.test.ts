import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchOAuth2Popup } from './oauth2Popup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function popupWindow() {
  const close = vi.fn();
  return { popup: { closed: false, close } as unknown as Window & { closed: boolean }, close };
}

describe('watching the OAuth2 popup', () => {
  it('asks the server when the popup closes without a report', async () => {
    for (const connected of [true, false]) {
      const { popup } = popupWindow();
      const onResult = vi.fn();
      watchOAuth2Popup({ popup, isConnected: () => Promise.resolve(connected), onResult });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(onResult).not.toHaveBeenCalled();
      popup.closed = true;
      await vi.advanceTimersByTimeAsync(1_100);
      expect(onResult).toHaveBeenCalledWith(
        connected
          ? { ok: true, message: 'The credential is connected.' }
          : { ok: false, message: 'The sign-in window was closed before the sign-in finished.' },
      );
    }
  });

  it('gives up after ten minutes and closes the popup; stopping ends every listener', async () => {
    const { popup, close } = popupWindow();
    const onResult = vi.fn();
    watchOAuth2Popup({ popup, isConnected: () => Promise.resolve(false), onResult });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(close).toHaveBeenCalled();
    expect(onResult).toHaveBeenCalledWith({
      ok: false,
      message: 'The sign-in took too long. Press Authenticate to try again.',
    });

    const quiet = vi.fn();
    const stop = watchOAuth2Popup({
      popup: popupWindow().popup,
      isConnected: () => Promise.resolve(true),
      onResult: quiet,
    });
    stop();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'OAUTH2_SUCCESS', message: 'x' } }));
    await vi.advanceTimersByTimeAsync(11 * 60_000);
    expect(quiet).not.toHaveBeenCalled();
  });
});
