import { randomBytes } from 'node:crypto';
import type { OAuth2PopupMessage } from '@flowloom/shared';

/**
 * The small page the provider's callback answers in the sign-in popup: it says how the sign-in went,
 * tells the window that opened it (only if that window is the app's own origin), and closes itself
 * after a success. Its one script and style run by nonce; nothing else may load.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON safe inside a `<script>` element (no `</script>`, no HTML comment openers). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export interface CallbackPage {
  html: string;
  /** The page's Content-Security-Policy (its nonce). */
  policy: string;
}

export function callbackPage(message: OAuth2PopupMessage, appOrigin: string): CallbackPage {
  const nonce = randomBytes(16).toString('base64');
  const ok = message.type === 'OAUTH2_SUCCESS';
  const title = ok ? 'Connected' : 'Sign-in failed';
  const hint = ok
    ? 'The credential now holds the tokens of this sign-in. This window closes by itself.'
    : 'The credential was not changed. You can close this window and try Authenticate again.';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Flowloom</title>
<style nonce="${nonce}">
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f5f7;color:#1f2937;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:28rem;margin:1rem;padding:1.75rem 2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin:0 0 .5rem;font-size:1.25rem;color:${ok ? '#15803d' : '#b91c1c'}}
p{margin:.25rem 0}
.why{color:#4b5563;word-break:break-word}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p class="why">${escapeHtml(message.message)}</p>
<p>${escapeHtml(hint)}</p>
</main>
<script nonce="${nonce}">
(function () {
  var report = ${scriptJson(message)};
  try {
    if (window.opener) window.opener.postMessage(report, ${scriptJson(appOrigin)});
  } catch (e) {}
  if (report.success) setTimeout(function () { window.close(); }, 1200);
})();
</script>
</body>
</html>
`;
  const policy = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, policy };
}
