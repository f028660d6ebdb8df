import type { Clock } from '../../runtime.js';

/** `apiConfig.rateLimit` of a flow, once it is switched on and complete. */
export interface RateLimitSettings {
  limitMax: number;
  /** Window length in seconds. */
  limitDuration: number;
  limitMsg: string;
}

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests, please try again later.';
export const DEFAULT_ORIGIN_ERROR = 'This site is not allowed to access this chatbot';

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const positive = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * Reads `apiConfig.rateLimit` `{status, limitMax, limitDuration, limitMsg}` (the UI stores numbers as
 * text). Off unless `status` is on and both numbers are positive; a missing message gets a default.
 */
export function rateLimitOf(apiConfig: string | null): RateLimitSettings | undefined {
  const rateLimit = parseObject(apiConfig).rateLimit;
  if (!rateLimit || typeof rateLimit !== 'object') return undefined;
  const { status, limitMax, limitDuration, limitMsg } = rateLimit as Record<string, unknown>;
  if (status !== true && status !== 'true') return undefined;
  const max = positive(limitMax);
  const duration = positive(limitDuration);
  if (!max || !duration) return undefined;
  return {
    limitMax: Math.floor(max),
    limitDuration: duration,
    limitMsg: typeof limitMsg === 'string' && limitMsg.trim() ? limitMsg : DEFAULT_RATE_LIMIT_MESSAGE,
  };
}

const SWEEP_AT = 10_000;

/**
 * Fixed-window request counting per flow and client, in memory (one server process; Flowise's
 * default store is in memory too). A changed limit starts a fresh window.
 */
export function createRateLimiter(clock: Clock) {
  const windows = new Map<string, { count: number; settings: string; endsAt: number }>();

  function sweep(now: number) {
    for (const [key, window] of windows) if (now >= window.endsAt) windows.delete(key);
  }

  return {
    /** Counts one request; the seconds until the window resets when it is over the limit, else undefined. */
    hit(flowId: string, client: string, limit: RateLimitSettings): number | undefined {
      const now = clock.now().getTime();
      if (windows.size >= SWEEP_AT) sweep(now);
      const key = `${flowId} ${client}`;
      const settings = JSON.stringify(limit);
      let window = windows.get(key);
      if (!window || window.settings !== settings || now >= window.endsAt) {
        window = { count: 0, settings, endsAt: now + limit.limitDuration * 1000 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit.limitMax) return undefined;
      return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal text when `chatbotConfig.allowedOrigins` is set and the request's Origin is not on it
 * (compared by host, as Flowise does); undefined when allowed. Requests without an Origin header are
 * not browsers and always pass; `Origin: null` never matches a list. Blank entries are ignored (the
 * UI keeps an empty first row), so a list of blanks means "every site".
 */
export function originRefusal(chatbotConfig: string | null, origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined;
  const config = parseObject(chatbotConfig);
  const allowed = Array.isArray(config.allowedOrigins)
    ? config.allowedOrigins.filter((o): o is string => typeof o === 'string' && o.trim() !== '')
    : [];
  if (allowed.length === 0) return undefined;
  const host = hostOf(origin);
  if (host !== undefined && allowed.some((entry) => hostOf(entry.trim()) === host)) return undefined;
  const message = config.allowedOriginsError;
  return typeof message === 'string' && message.trim() ? message : DEFAULT_ORIGIN_ERROR;
}
