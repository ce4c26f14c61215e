/**
 * The caller's address, for the per-IP limits. Route handlers never see the TCP connection, so the
 * shop's own server (`server.mjs`) writes the connection's address into a header whose name is random
 * per process and published in SHOP_PEER_HEADER: a client cannot guess it, so it cannot set it.
 * Forwarding headers (X-Forwarded-For) count only when that address is a proxy listed in TRUST_PROXY;
 * then the list is walked from the right past trusted hops. Without the shop's server (next dev,
 * next start) there is no trustworthy address, and this answers null. See docs/cluster.md.
 */
import { isIP } from 'node:net';
import { settings } from '../settings/settings';

/** A parsed CIDR: the address as a bigint, its prefix length and its family's width. */
type Cidr = { net: bigint; bits: number; width: number };

/** The normal form of an address: IPv4-mapped IPv6 (::ffff:1.2.3.4) as plain IPv4. */
const normal = (ip: string) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

function toBigInt(ip: string): { value: bigint; width: number } | null {
  const v4 = normal(ip);
  if (isIP(v4) === 4) {
    const n = v4.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
    return { value: n, width: 32 };
  }
  if (isIP(ip) !== 6) return null;
  const groups = (s: string) => (s ? s.split(':') : []);
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const h = groups(head);
  const t = tail === null ? [] : groups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const side = t.length ? t : h;
  if (side.at(-1)?.includes('.')) {
    const four = toBigInt(side.pop()!)!.value;
    side.push((four >> 16n).toString(16), (four & 0xffffn).toString(16));
  }
  const all = [...h, ...Array<string>(tail === null ? 0 : 8 - h.length - t.length).fill('0'), ...t];
  return { value: all.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g || '0', 16)), 0n), width: 128 };
}

/** Parses TRUST_PROXY: addresses or CIDRs, comma-separated. An entry that is neither is refused loudly. */
export function parseTrustedProxies(spec: string | undefined): Cidr[] {
  if (!spec?.trim()) return [];
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [addr, prefix] = entry.split('/');
      const ip = toBigInt(addr);
      const bits = prefix === undefined ? ip?.width : Number(prefix);
      if (!ip || bits === undefined || !Number.isInteger(bits) || bits < 0 || bits > ip.width || (prefix !== undefined && !/^\d+$/.test(prefix))) {
        throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR (e.g. 127.0.0.1/32, 10.0.0.0/8, ::1)`);
      }
      const shift = BigInt(ip.width - bits);
      return { net: (ip.value >> shift) << shift, bits, width: ip.width };
    });
}

export function inCidrs(ip: string, cidrs: Cidr[]): boolean {
  const v = toBigInt(ip);
  if (!v) return false;
  return cidrs.some((c) => c.width === v.width && (v.value >> BigInt(c.width - c.bits)) << BigInt(c.width - c.bits) === c.net);
}

let cached: { spec: string | undefined; cidrs: Cidr[] } | null = null;
function trusted(): Cidr[] {
  const spec = settings().TRUST_PROXY;
  if (!cached || cached.spec !== spec) cached = { spec, cidrs: parseTrustedProxies(spec) };
  return cached.cidrs;
}

/**
 * The client of a connection from `peer` that carried `forwardedFor`: the peer itself unless it is
 * a trusted proxy; else the rightmost X-Forwarded-For hop that is not a trusted proxy (hops left of
 * it were written by the client and prove nothing).
 */
export function resolveClientIp(peer: string, forwardedFor: string | null, cidrs: Cidr[]): string {
  let client = normal(peer);
  if (!inCidrs(client, cidrs)) return client;
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normal(hops[i]);
    if (!isIP(hop)) return client; // garbage from here leftwards: the last good hop is the client
    client = hop;
    if (!inCidrs(hop, cidrs)) return hop;
  }
  return client;
}

export function clientIp(req: Request): string | null {
  const name = settings().SHOP_PEER_HEADER;
  const peer = name ? req.headers.get(name)?.trim() : null;
  if (!peer || !isIP(normal(peer))) return null;
  return resolveClientIp(peer, req.headers.get('x-forwarded-for'), trusted());
}
