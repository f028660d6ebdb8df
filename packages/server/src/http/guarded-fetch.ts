import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { AddressCheck, GuardedFetch } from '@flowloom/engine';

/** A resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface GuardedFetchOptions {
  /** Host names (`api.internal`, `*.corp.example`), addresses or CIDR ranges that may be reached anyway. */
  allow?: readonly string[];
  /** Resolves a host name to all its addresses (default: `dns.lookup` with `all: true`). */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** A connection idle this long is dropped (default 30 000 ms). */
  idleTimeoutMs?: number;
}

type Family = 'ipv4' | 'ipv6';

/** Address ranges a flow may not reach unless allowed, with the word used in the refusal. */
const BLOCKED: [network: string, prefix: number, family: Family, reason: string][] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'private'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'], // includes cloud metadata endpoints
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'], // includes the broadcast address
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];
const BLOCK_LISTS = BLOCKED.map(([network, prefix, family, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, reason };
});

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `FLOWLOOM_HTTP_ALLOW` (comma or space separated) as a list; throws on an entry that cannot work. */
export function parseAllowList(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const valid = prefix !== undefined ? isIP(address ?? '') !== 0 && /^\d{1,3}$/.test(prefix) : true;
    if (!valid || !/^(\*\.)?[\w.:-]+(\/\d+)?$/.test(entry))
      throw new Error(`FLOWLOOM_HTTP_ALLOW: "${entry}" is not a host name, an address or a CIDR range`);
  }
  return entries;
}

/** The guarded client as the server configures it from the environment (`FLOWLOOM_HTTP_ALLOW`). */
export function guardedFetchFromEnv(env: NodeJS.ProcessEnv): GuardedFetch {
  return createGuardedFetch({ allow: parseAllowList(env.FLOWLOOM_HTTP_ALLOW) });
}

/**
 * The address rule for model calls (EngineServices.addressCheck): the guarded client's rule. The
 * operator's own provider base URLs (`OPENAI_BASE_URL`, …) need no pass here: model transports send
 * to those exact origins unchecked, since the operator chose them.
 */
export function modelAddressCheckFromEnv(env: NodeJS.ProcessEnv): AddressCheck {
  return createAddressCheck(parseAllowList(env.FLOWLOOM_HTTP_ALLOW));
}

/** Why `address` (of `hostname`) may not be reached, unless the host or address is in `allow`. */
export function createAddressCheck(allow: readonly string[]): AddressCheck {
  const allowed = new AllowList(allow);
  return (hostname, address) =>
    allowed.host(hostname) || allowed.address(address) ? undefined : blockedReason(address);
}

/** The IPv4 address inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const words = expandIpv6(address);
  if (!words) return undefined;
  const mapped = words.slice(0, 5).every((w) => w === 0) && (words[5] === 0xffff || words[5] === 0);
  const nat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0);
  if (!mapped && !nat64) return undefined;
  const [high, low] = [words[6]!, words[7]!];
  if (!nat64 && words[5] === 0 && high === 0) return undefined; // `::` and `::1` are IPv6 themselves
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The eight 16-bit words of an IPv6 address, or undefined when it is not one. */
function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text =
      text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parts = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

function familyOf(address: string): Family {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Why an address may not be fetched, or undefined for a public address. */
export function blockedReason(address: string): string | undefined {
  const inner = embeddedIpv4(address);
  if (inner) return blockedReason(inner);
  const family = familyOf(address);
  return BLOCK_LISTS.find((b) => b.family === family && b.list.check(address, family))?.reason;
}

class AllowList {
  private readonly hosts: string[] = [];
  private readonly networks = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      if (address && isIP(address)) {
        if (prefix !== undefined) this.networks.addSubnet(address, Number(prefix), familyOf(address));
        else this.networks.addAddress(address, familyOf(address));
      } else this.hosts.push(entry.toLowerCase());
    }
  }

  host(hostname: string): boolean {
    const name = hostname.toLowerCase();
    return this.hosts.some((h) => (h.startsWith('*.') ? name.endsWith(h.slice(1)) : name === h));
  }

  address(address: string): boolean {
    const inner = embeddedIpv4(address);
    return this.networks.check(address, familyOf(address)) || (inner !== undefined && this.address(inner));
  }
}

/**
 * `fetch` for outbound calls made on behalf of a flow (HTTP tools, custom code). It resolves the host,
 * refuses loopback, private, link-local, unique-local, multicast and unspecified addresses (also inside
 * IPv4-mapped IPv6) unless the host or address is allowed, connects to exactly the address it checked
 * (no second DNS answer can slip in), and follows up to five redirects itself, checking every hop.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const allow = new AllowList(options.allow ?? []);
  const resolve =
    options.resolve ?? ((hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }));
  const maxRedirects = options.maxRedirects ?? 5;
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;

  async function check(url: URL, original: string): Promise<ResolvedAddress> {
    const refuse = (why: string) =>
      new Error(`Refused to fetch ${original}: ${why} (set FLOWLOOM_HTTP_ALLOW to allow it)`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`Refused to fetch ${original}: only http and https URLs can be fetched`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(host);
    const addresses = literal
      ? [{ address: host, family: literal }]
      : await resolve(host).catch((error: unknown) => {
          const code = (error as { code?: string }).code;
          throw new Error(
            `Could not fetch ${original}: ${code === 'ENOTFOUND' ? `${host} was not found` : String(error)}`,
            { cause: error },
          );
        });
    if (addresses.length === 0) throw new Error(`Could not fetch ${original}: ${host} has no address`);
    if (allow.host(host)) return addresses[0]!;
    for (const { address } of addresses) {
      const reason = blockedReason(address);
      if (!reason || allow.address(address)) continue;
      const article = /^[aeiou]/.test(reason) ? 'an' : 'a';
      throw refuse(
        literal ? `${reason} address` : `${host} resolves to ${address}, ${article} ${reason} address`,
      );
    }
    return addresses[0]!;
  }

  return async function guardedFetch(input, init = {}) {
    const request = new Request(input, init);
    const original = request.url;
    let url = new URL(original);
    let method = request.method;
    const headers = new Headers(request.headers);
    if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'gzip, deflate, br');
    if (!headers.has('user-agent')) headers.set('user-agent', 'Flowloom');
    let body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    for (let hop = 0; ; hop++) {
      const target = await check(url, hop === 0 ? original : `${original} (redirected to ${url.href})`);
      const response = await send(url, target, { method, headers, body, signal: init.signal, idleTimeoutMs });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECTS.has(status) || !location || init.redirect === 'manual')
        return toResponse(response, url, method);
      response.resume();
      if (init.redirect === 'error') throw new Error(`Fetching ${original} was redirected to ${location}`);
      if (hop >= maxRedirects)
        throw new Error(`Refused to fetch ${original}: more than ${maxRedirects} redirects`);
      const next = new URL(location, url);
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      // Credentials meant for one site must not travel to another (as fetch does).
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      url = next;
    }
  };
}

function send(
  url: URL,
  target: ResolvedAddress,
  options: {
    method: string;
    headers: Headers;
    body: Buffer | undefined;
    signal: AbortSignal | null | undefined;
    idleTimeoutMs: number;
  },
): Promise<IncomingMessage> {
  // The socket connects to the address that was checked, whatever DNS would answer now.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: options.method,
        headers: Object.fromEntries(options.headers),
        lookup,
        agent: false,
        signal: options.signal ?? undefined,
      },
      resolve,
    );
    request.setTimeout(options.idleTimeoutMs, () =>
      request.destroy(new Error(`No answer from ${url.host} within ${options.idleTimeoutMs} ms`)),
    );
    request.on('error', (error) =>
      reject(
        error.name === 'AbortError' ? error : new Error(`Could not fetch ${url.href}: ${error.message}`),
      ),
    );
    request.end(options.body);
  });
}

function toResponse(message: IncomingMessage, url: URL, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const v of [value].flat()) headers.append(name, v);
  }
  const status = message.statusCode ?? 500;
  let stream: Readable = message;
  const decoder = decoderFor(headers.get('content-encoding'));
  if (decoder) {
    stream = pipeline(message, decoder, () => {});
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  const empty = method === 'HEAD' || status === 204 || status === 304;
  if (empty) message.resume();
  const response = new Response(empty ? null : (Readable.toWeb(stream) as ReadableStream<Uint8Array>), {
    status,
    statusText: message.statusMessage ?? '',
    headers,
  });
  Object.defineProperty(response, 'url', { value: url.href });
  return response;
}

function decoderFor(encoding: string | null) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}
