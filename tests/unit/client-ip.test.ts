import { describe, expect, it } from 'vitest';
import { inCidrs, parseTrustedProxies, resolveClientIp } from '@/lib/server/http/client-ip';

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDRs of both families', () => {
    const c = parseTrustedProxies('127.0.0.1/32, 10.0.0.0/8, ::1, fd00::/8');
    expect(inCidrs('127.0.0.1', c)).toBe(true);
    expect(inCidrs('::ffff:127.0.0.1', c)).toBe(true);
    expect(inCidrs('10.200.3.4', c)).toBe(true);
    expect(inCidrs('11.0.0.1', c)).toBe(false);
    expect(inCidrs('127.0.0.2', c)).toBe(false);
    expect(inCidrs('::1', c)).toBe(true);
    expect(inCidrs('fd12:3456::5', c)).toBe(true);
    expect(inCidrs('fe80::1', c)).toBe(false);
    expect(inCidrs('not-an-ip', c)).toBe(false);
  });

  it('is empty when unset: nobody is trusted', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('  ')).toEqual([]);
  });

  it.each(['localhost', '10.0.0.0/33', '10.0.0.0/x', '1.2.3', '::1/129', '10.0.0.1/'])('refuses %s with a message naming it', (spec) => {
    expect(() => parseTrustedProxies(spec)).toThrow(/TRUST_PROXY/);
  });
});

describe('the client of a request', () => {
  const proxies = parseTrustedProxies('127.0.0.1/32,10.0.0.0/8');

  it('is the connection itself when it is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(resolveClientIp('198.51.100.9', '10.9.8.7', proxies)).toBe('198.51.100.9');
    expect(resolveClientIp('198.51.100.9', '10.9.8.7', [])).toBe('198.51.100.9');
    expect(resolveClientIp('127.0.0.1', '203.0.113.5', [])).toBe('127.0.0.1');
  });

  it('is the rightmost hop that is not a trusted proxy', () => {
    expect(resolveClientIp('127.0.0.1', '203.0.113.5', proxies)).toBe('203.0.113.5');
    // The client prepended 1.1.1.1 itself; nginx appended what it saw.
    expect(resolveClientIp('127.0.0.1', '1.1.1.1, 203.0.113.5', proxies)).toBe('203.0.113.5');
    // Two proxies of ours in a row.
    expect(resolveClientIp('127.0.0.1', '1.1.1.1, 203.0.113.5, 10.0.0.3', proxies)).toBe('203.0.113.5');
  });

  it('is the proxy when it forwarded nothing usable', () => {
    expect(resolveClientIp('127.0.0.1', null, proxies)).toBe('127.0.0.1');
    expect(resolveClientIp('127.0.0.1', 'garbage', proxies)).toBe('127.0.0.1');
  });

  it('writes an IPv4-mapped address as plain IPv4', () => {
    expect(resolveClientIp('::ffff:198.51.100.9', null, proxies)).toBe('198.51.100.9');
    expect(resolveClientIp('::ffff:127.0.0.1', '203.0.113.5', proxies)).toBe('203.0.113.5');
  });
});
