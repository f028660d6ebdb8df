/** Path segments and query parameters that carry secrets, masked before a URL is logged. */
const SECRET_PATHS = [/(\/verify\/apikey\/)[^/?#]+/i, /(\/chatflows\/apikey\/)[^/?#]+/i];
const SECRET_QUERY = /([?&](?:token|key|apikey|api_key|password|temptoken|secret|code|state)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino options for the server log: no auth headers, cookies or secret-bearing URLs. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.credential',
        '*.plainDataObj',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
