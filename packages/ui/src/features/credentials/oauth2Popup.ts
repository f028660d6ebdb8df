import { isOAuth2PopupMessage } from '@flowloom/shared';

/** How a sign-in in the popup ended. */
export type OAuth2Result = { ok: true; message: string } | { ok: false; message: string };

/** The size of the provider's sign-in window. */
export const POPUP_FEATURES = 'width=600,height=720,scrollbars=yes,resizable=yes';
/** A sign-in left open longer than this is given up (the server's state expires after 10 minutes). */
const GIVE_UP_MS = 10 * 60_000;
const POLL_MS = 500;

export interface WatchOptions {
  /** The window the sign-in runs in. */
  popup: Window;
  /** Whether the credential holds tokens now: asked when the popup closes without reporting. */
  isConnected: () => Promise<boolean>;
  onResult: (result: OAuth2Result) => void;
}

/**
 * Waits for the callback page in `popup` to report (a `message` from this app's own origin and from
 * that very window; anything else is ignored). A popup that closes without a report (the provider's
 * page can cut the window off from this one) is judged by asking the server whether the credential
 * holds tokens. Answers a function that stops watching.
 */
export function watchOAuth2Popup({ popup, isConnected, onResult }: WatchOptions): () => void {
  let done = false;
  const finish = (result: OAuth2Result) => {
    if (done) return;
    stop();
    onResult(result);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== popup) return;
    if (!isOAuth2PopupMessage(event.data)) return;
    finish({ ok: event.data.success, message: event.data.message });
  };
  const poll = window.setInterval(() => {
    if (!popup.closed || done) return;
    window.clearInterval(poll);
    // A report may still be on its way: give it a moment before asking the server.
    window.setTimeout(() => {
      if (done) return;
      isConnected().then(
        (connected) =>
          finish(
            connected
              ? { ok: true, message: 'The credential is connected.' }
              : { ok: false, message: 'The sign-in window was closed before the sign-in finished.' },
          ),
        () => finish({ ok: false, message: 'The sign-in window was closed; its outcome is unknown.' }),
      );
    }, POLL_MS);
  }, POLL_MS);
  const giveUp = window.setTimeout(() => {
    if (!popup.closed) popup.close();
    finish({ ok: false, message: 'The sign-in took too long. Press Authenticate to try again.' });
  }, GIVE_UP_MS);
  function stop() {
    done = true;
    window.removeEventListener('message', onMessage);
    window.clearInterval(poll);
    window.clearTimeout(giveUp);
  }
  window.addEventListener('message', onMessage);
  return stop;
}
