import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alipayConfig, wechatConfig } from '@/lib/server/payments/config';

describe('where the shop reaches the demo payment gateways', () => {
  const saved = { ...process.env };
  let dataDir = '';
  beforeAll(() => {
    // The demo key pairs are made in DATA_DIR at first use.
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-demo-gateway-'));
    process.env.DATA_DIR = dataDir;
    process.env.SHOP_MODE = 'demo';
    process.env.SITE_URL = 'https://shop.example';
  });
  afterEach(() => {
    delete process.env.DEMO_GATEWAY_URL;
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on the shop itself (SITE_URL) by default', () => {
    expect(wechatConfig().baseURL).toBe('https://shop.example/sandbox/wechat/');
    expect(alipayConfig().gateway).toBe('https://shop.example/sandbox/alipay/gateway.do');
  });

  it('at DEMO_GATEWAY_URL when it is set (the bench runs the gateways in a process apart)', () => {
    process.env.DEMO_GATEWAY_URL = 'http://127.0.0.1:3401/';
    expect(wechatConfig().baseURL).toBe('http://127.0.0.1:3401/sandbox/wechat/');
    expect(alipayConfig().gateway).toBe('http://127.0.0.1:3401/sandbox/alipay/gateway.do');
  });
});
