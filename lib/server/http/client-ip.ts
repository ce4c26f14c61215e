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
import { inCidrs, normalAddress, parseTrustedProxies, resolveClientIp, trustedProxies } from '../boot/proxy-rules.mjs';

export { inCidrs, parseTrustedProxies, resolveClientIp };

export function clientIp(req: Request): string | null {
  const name = settings().SHOP_PEER_HEADER;
  const peer = name ? req.headers.get(name)?.trim() : null;
  if (!peer || !isIP(normalAddress(peer))) return null;
  return resolveClientIp(peer, req.headers.get('x-forwarded-for'), trustedProxies());
}
