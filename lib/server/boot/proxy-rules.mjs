/**
 * TRUST_PROXY's rules (docs/cluster.md, "The client's address"): which peers are proxies whose
 * X-Forwarded-For counts, and who the client is behind them. Plain JS, because server.mjs needs them
 * before any TypeScript is loaded (the request id, the access log); lib/server/http/client-ip.ts gives
 * them to the app.
 */
import { isIP } from 'node:net';

/** @typedef {{ net: bigint, bits: number, width: number }} Cidr A parsed CIDR: the address as a bigint, its prefix length and its family's width. */

/** The normal form of an address: IPv4-mapped IPv6 (::ffff:1.2.3.4) as plain IPv4. */
export const normalAddress = (/** @type {string} */ ip) => (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** @param {string} ip @returns {{ value: bigint, width: number } | null} */
function toBigInt(ip) {
  const v4 = normalAddress(ip);
  if (isIP(v4) === 4) {
    const n = v4.split('.').reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
    return { value: n, width: 32 };
  }
  if (isIP(ip) !== 6) return null;
  const groups = (/** @type {string} */ s) => (s ? s.split(':') : []);
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, null];
  const h = groups(head);
  const t = tail === null ? [] : groups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const side = t.length ? t : h;
  if (side.at(-1)?.includes('.')) {
    const four = toBigInt(/** @type {string} */ (side.pop()))?.value ?? 0n;
    side.push((four >> 16n).toString(16), (four & 0xffffn).toString(16));
  }
  const all = [...h, ...Array(tail === null ? 0 : 8 - h.length - t.length).fill('0'), ...t];
  return { value: all.reduce((acc, g) => (acc << 16n) + BigInt(parseInt(g || '0', 16)), 0n), width: 128 };
}

/** Parses TRUST_PROXY: addresses or CIDRs, comma-separated. An entry that is neither is refused loudly. */
/** @param {string | undefined} spec @returns {Cidr[]} */
export function parseTrustedProxies(spec) {
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

/** @param {string} ip @param {Cidr[]} cidrs */
export function inCidrs(ip, cidrs) {
  const v = toBigInt(ip);
  if (!v) return false;
  return cidrs.some((c) => c.width === v.width && (v.value >> BigInt(c.width - c.bits)) << BigInt(c.width - c.bits) === c.net);
}


let cached = { spec: /** @type {string | undefined} */ (undefined), cidrs: /** @type {Cidr[]} */ ([]) };
/** The proxies of TRUST_PROXY now (parsed again only when it changes). */
export function trustedProxies() {
  const spec = process.env.TRUST_PROXY;
  if (cached.spec !== spec) cached = { spec, cidrs: parseTrustedProxies(spec) };
  return cached.cidrs;
}

/**
 * The client of a connection from `peer` that carried `forwardedFor`: the peer itself unless it is
 * a trusted proxy; else the rightmost X-Forwarded-For hop that is not a trusted proxy (hops left of
 * it were written by the client and prove nothing).
 * @param {string} peer @param {string | null | undefined} forwardedFor @param {Cidr[]} cidrs @returns {string}
 */
export function resolveClientIp(peer, forwardedFor, cidrs) {
  let client = normalAddress(peer);
  if (!inCidrs(client, cidrs)) return client;
  const hops = (forwardedFor ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalAddress(hops[i]);
    if (!isIP(hop)) return client; // garbage from here leftwards: the last good hop is the client
    client = hop;
    if (!inCidrs(hop, cidrs)) return hop;
  }
  return client;
}
