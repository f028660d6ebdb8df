// Web app figures (issue 3): initial JavaScript of the first route (gzip) and time to first render,
// measured in Debian's Chromium (never a downloaded browser) against the built server.
/* global window, document, MutationObserver, requestAnimationFrame */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ARGS, chromium, CHROMIUM, OWNER, signedInState } from './browser.mjs';
import { fmt, json, median, ROOT, startServer } from './lib.mjs';

const DIST = join(ROOT, 'packages/ui/dist');
const RUNS = 5;

/**
 * Records (in the page, relative to navigation start) the first animation frame after `selector`
 * matches a laid-out element whose text contains `text`.
 */
function watchFor({ selector, text }) {
  const found = () =>
    [...document.querySelectorAll(selector)].some((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (!text || (el.textContent ?? '').includes(text));
    });
  const observer = new MutationObserver(() => {
    if (window.__renderedAt !== undefined || !found()) return;
    window.__renderedAt = -1;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__renderedAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** gzip size of a built file, else of the bytes the server sent. */
function gzipBytes(pathname, body) {
  const file = join(DIST, decodeURIComponent(pathname));
  const bytes = file.startsWith(DIST) && existsSync(file) ? readFileSync(file) : body;
  return gzipSync(bytes).length;
}

/**
 * Loads `url` in a fresh context (cold cache) and answers the JS it fetched (gzip bytes) and the time
 * from navigation start to the target being rendered.
 */
async function measure(browser, url, { selector, text, storageState }) {
  const context = await browser.newContext({ ...(storageState ? { storageState } : {}) });
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === 'script' || pathname.endsWith('.js')) {
      scripts.set(
        pathname,
        response.body().then(
          (body) => gzipBytes(pathname, body),
          () => gzipBytes(pathname, Buffer.alloc(0)),
        ),
      );
    }
  });
  await page.addInitScript(watchFor, { selector, text });
  try {
    await page.goto(url);
    await page.waitForFunction(() => (window.__renderedAt ?? -1) > 0, undefined, { timeout: 15_000 });
    const renderMs = await page.evaluate(() => window.__renderedAt);
    const sizes = await Promise.all(scripts.values());
    const path = new URL(page.url()).pathname;
    return { renderMs, jsGzip: sizes.reduce((a, b) => a + b, 0), files: sizes.length, path };
  } finally {
    await context.close();
  }
}

export async function ui(report) {
  if (!existsSync(CHROMIUM)) {
    report('web app figures', 'skipped', `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    await json(server.base, 'POST', '/api/v1/account/register', { user: OWNER });
    // One discarded load warms the browser process itself (each measured context still starts cold).
    await measure(browser, `${server.base}/login`, { selector: 'form input[type="email"]' });
    const login = [];
    for (let i = 0; i < RUNS; i++) {
      login.push(await measure(browser, `${server.base}/login`, { selector: 'form input[type="email"]' }));
    }
    const state = await signedInState(browser, server.base);
    const flows = [];
    for (let i = 0; i < RUNS; i++) {
      flows.push(
        await measure(browser, `${server.base}/chatflows`, {
          selector: 'h1',
          text: 'Chatflows',
          storageState: state,
        }),
      );
    }
    if (flows.some((run) => run.path !== '/chatflows'))
      throw new Error('signed-in runs did not stay on /chatflows');

    const kb = (bytes) => `${fmt(bytes / 1024)} KB`;
    report(
      'initial JS of /login, signed out (gzip, sum of the scripts it loaded)',
      kb(login[0].jsGzip),
      `target < 350 KB; ${login[0].files} files`,
    );
    report(
      'initial JS of /chatflows, signed in (gzip, sum of the scripts it loaded)',
      kb(flows[0].jsGzip),
      `target < 350 KB; ${flows[0].files} files`,
    );
    report(
      `/login signed out: navigation start to sign-in form shown (median of ${RUNS}, cold)`,
      `${fmt(median(login.map((r) => r.renderMs)), 0)} ms`,
      `target < 800 ms; min ${fmt(Math.min(...login.map((r) => r.renderMs)), 0)}, max ${fmt(Math.max(...login.map((r) => r.renderMs)), 0)}`,
    );
    report(
      `/chatflows signed in: navigation start to page heading (median of ${RUNS}, cold)`,
      `${fmt(median(flows.map((r) => r.renderMs)), 0)} ms`,
      `min ${fmt(Math.min(...flows.map((r) => r.renderMs)), 0)}, max ${fmt(Math.max(...flows.map((r) => r.renderMs)), 0)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
