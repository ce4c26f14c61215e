import { afterEach, describe, expect, it } from 'vitest';
import { databaseFailureMessage, redactDbUrl, siteUrlMismatch } from '@/lib/server/startup';

describe('start-up messages', () => {
  it('names the database without its password', () => {
    expect(redactDbUrl('postgres://shop:s3cret@db.internal:5432/shop?password=x')).toBe('postgres://shop@db.internal:5432/shop');
    const msg = databaseFailureMessage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), 'postgres://shop:s3cret@127.0.0.1:1/shop');
    expect(msg).toContain('无法打开数据库 PostgreSQL postgres://shop@127.0.0.1:1/shop');
    expect(msg).toContain('The shop cannot start');
    expect(msg).toContain('ECONNREFUSED');
    expect(msg).not.toContain('s3cret');
  });

  it('names the PGlite data dir when there is no DATABASE_URL', () => {
    expect(databaseFailureMessage(new Error('EACCES'), undefined, '/srv/shop')).toContain('PGlite (/srv/shop/pglite)');
  });

  it('names PGLITE_DIR when it is set', () => {
    process.env.PGLITE_DIR = '/srv/gateway-pglite';
    try {
      expect(databaseFailureMessage(new Error('EACCES'), undefined, '/srv/shop')).toContain('PGlite (/srv/gateway-pglite)');
    } finally {
      delete process.env.PGLITE_DIR;
    }
  });

  const saved = process.env.SITE_URL;
  afterEach(() => {
    // Assigning undefined to process.env would store the string "undefined".
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
  });

  it('warns when the build carries another SITE_URL in its canonical links', () => {
    process.env.SITE_URL = 'https://shop.example.cn';
    expect(siteUrlMismatch('https://shop.example.cn/')).toBeNull();
    const warning = siteUrlMismatch('http://127.0.0.1:3310');
    expect(warning).toContain('http://127.0.0.1:3310');
    expect(warning).toContain('SITE_URL=https://shop.example.cn npm run build');
  });
});
