/**
 * JavaScript evaluated inside every QuickJS context before the user's code. It turns the three host
 * hooks the sandbox installs (`__flowloomGlobals`, `__flowloomFetch`, `__flowloomLog`) into the
 * globals Flowise-style code expects (`$input`, `fetch`, `require('node-fetch')`, `console`) and then
 * deletes the hooks, so user code only ever sees plain values and these small wrappers.
 */
/**
 * The `fetch` of user code, as the source of a function taking the host hook. It is compiled only
 * when the code first uses `fetch` or `require('node-fetch')`: most code never does, and compiling
 * it for every run cost more than the rest of a trivial run.
 */
const FETCH_SOURCE = String.raw`(hostFetch) => {
  const toResponse = (raw) => {
    const headers = raw.headers || {};
    return {
      ok: raw.status >= 200 && raw.status < 300,
      status: raw.status,
      statusText: raw.statusText,
      url: raw.url,
      headers: {
        get: (name) => { const v = headers[String(name).toLowerCase()]; return v === undefined ? null : v; },
        has: (name) => String(name).toLowerCase() in headers,
        entries: () => Object.entries(headers),
        forEach: (fn) => Object.entries(headers).forEach(([k, v]) => fn(v, k)),
      },
      text: async () => raw.body,
      json: async () => JSON.parse(raw.body),
    };
  };
  return async (url, init) => {
    const options = init || {};
    let body = options.body;
    if (body !== undefined && body !== null && typeof body !== 'string') body = JSON.stringify(body);
    const request = { url: String(url), method: options.method, headers: options.headers, body: body === null ? undefined : body };
    return toResponse(JSON.parse(await hostFetch(JSON.stringify(request))));
  };
}`;

export const GUEST_PRELUDE = String.raw`
(() => {
  const hostFetch = globalThis.__flowloomFetch;
  const hostLog = globalThis.__flowloomLog;
  const injected = JSON.parse(globalThis.__flowloomGlobals);
  delete globalThis.__flowloomFetch;
  delete globalThis.__flowloomLog;
  delete globalThis.__flowloomGlobals;
  for (const name of Object.keys(injected)) globalThis[name] = injected[name];

  const show = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.name + ': ' + value.message;
    try { return JSON.stringify(value); } catch { return String(value); }
  };
  const logger = (level) => (...args) => {
    const line = args.map(show).join(' ');
    hostLog(level, line.length > 10000 ? line.slice(0, 10000) + '…' : line);
  };
  globalThis.console = { log: logger('log'), info: logger('info'), warn: logger('warn'), error: logger('error'), debug: logger('debug') };

  const indirectEval = eval;
  let made;
  const fetch = (url, init) => (made ??= indirectEval(${JSON.stringify(FETCH_SOURCE)})(hostFetch))(url, init);
  globalThis.fetch = fetch;
  globalThis.require = (name) => {
    if (name === 'node-fetch') return fetch;
    throw new Error("require('" + name + "') is not available in custom code; only 'node-fetch' is");
  };
})();
`;

/** Wraps user code as the body of an async function whose result leaves the sandbox as JSON text. */
export function wrapUserCode(code: string): string {
  return `(async () => {\nconst __flowloomResult = await (async () => {\n${code}\n})();\nreturn __flowloomResult === undefined ? undefined : JSON.stringify(__flowloomResult);\n})()`;
}
