/**
 * The connection's address, for the per-IP limits (docs/cluster.md, "The client's address"). Route
 * handlers only see headers, and `next start` fills X-Forwarded-For from the socket only when the client
 * did not send one. So every request gets the socket's address in a header whose name is random per
 * process and published in SHOP_PEER_HEADER: no client can guess the name, so none can forge it.
 * lib/server/http/client-ip.ts reads it and trusts X-Forwarded-For only from the proxies in TRUST_PROXY.
 */
import { randomBytes } from 'node:crypto';

/** Picks this process's header name and publishes it; returns what marks each request with its peer. */
export function peerAddressHeader() {
  const peerHeader = `x-shop-peer-${randomBytes(12).toString('hex')}`;
  process.env.SHOP_PEER_HEADER = peerHeader;
  /** @param {import('node:http').IncomingMessage} req */
  return function markPeer(req) {
    req.headers[peerHeader] = req.socket.remoteAddress ?? '';
  };
}
