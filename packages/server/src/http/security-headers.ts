import type { FastifyInstance } from 'fastify';

/**
 * The web app's policy: its own scripts only (no inline script, no eval), inline styles (MUI writes
 * its styles at run time), images from anywhere over https (avatars and pictures in answers), API
 * calls to this server, plus the public GitHub API the header reads the star count and latest release
 * from.
 */
const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://api.github.com",
  "media-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** JSON, files and errors from the API are never documents: they run nothing and are framed nowhere. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

const CHATBOT_PAGE = /^\/chatbot\/([^/?#]+)/;

export interface SecurityHeaderOptions {
  /**
   * The `frame-ancestors` sources of the public chatbot page of a flow (`/chatbot/:id`): where the
   * flow's owner lets it be framed.
   */
  chatbotFrameAncestors(flowId: string): Promise<string>;
}

/**
 * Security headers on every response: `nosniff`, a referrer policy, a content security policy, and
 * framing refused everywhere except the public chatbot page, which follows its flow's allowed origins.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const url = request.url;
    if (url.startsWith('/api/')) {
      reply.header('content-security-policy', API_POLICY);
      reply.header('x-frame-options', 'DENY');
      return done();
    }
    const chatbot = CHATBOT_PAGE.exec(url);
    if (!chatbot) {
      reply.header('content-security-policy', `${APP_POLICY}; frame-ancestors 'none'`);
      reply.header('x-frame-options', 'DENY');
      return done();
    }
    // X-Frame-Options cannot name a list of sites: the page relies on frame-ancestors alone.
    options.chatbotFrameAncestors(decodeURIComponent(chatbot[1]!)).then(
      (ancestors) => {
        reply.header('content-security-policy', `${APP_POLICY}; frame-ancestors ${ancestors}`);
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
}

/**
 * `frame-ancestors` sources from a flow's `chatbotConfig.allowedOrigins`: the listed sites (as origins)
 * and this server; every site when the list is empty (the embed's default, as Flowise); this server
 * only when the flow does not exist or is not public.
 */
export function frameAncestorsFor(
  flow: { isPublic: unknown; chatbotConfig: string | null } | undefined,
): string {
  if (!flow || !flow.isPublic) return "'self'";
  let listed: unknown;
  try {
    listed = (JSON.parse(flow.chatbotConfig ?? '{}') as { allowedOrigins?: unknown }).allowedOrigins;
  } catch {
    return "'self'";
  }
  const entries = Array.isArray(listed)
    ? listed.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
    : [];
  if (entries.length === 0) return '*';
  const origins = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    // A bare host ("shop.example", "shop.example:8443") is a CSP source as it is.
    if (/^[a-z0-9.-]+(:\d+)?$/i.test(entry)) {
      origins.add(entry.toLowerCase());
      continue;
    }
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // not an address: it cannot name a site that frames the page
    }
  }
  return ["'self'", ...origins].join(' ');
}
