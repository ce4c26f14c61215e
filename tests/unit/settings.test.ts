/**
 * The settings checked at start (lib/server/settings): live mode without its settings ends the start
 * naming each one; provider settings without SHOP_MODE end it too; demo stays the default; a value that
 * cannot be read names its setting. And every setting is listed in .env.example and docs/rules.md.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REQUIRED, settingsSchema } from '@/lib/server/settings/schema';
import { settingsProblems } from '@/lib/server/settings/problems';
import { exitOnBadSettings } from '@/lib/server/startup';
import { LIVE_SETTINGS } from '../support/live-settings.mjs';

const LIVE: Record<string, string> = { ...LIVE_SETTINGS };

afterEach(() => vi.restoreAllMocks());

describe('settings checked at start', () => {
  it('live mode without its settings names every missing one', () => {
    const problems = settingsProblems({ SHOP_MODE: 'live' });
    expect(problems).toHaveLength(LIVE_REQUIRED.length);
    for (const name of LIVE_REQUIRED) expect(problems.some((p) => p.startsWith(`${name}:`)), name).toBe(true);
  });

  it('live mode with one setting missing (or empty) names that one only', () => {
    expect(settingsProblems({ ...LIVE, KUAIDI100_CUSTOMER: '' })).toEqual([expect.stringMatching(/^KUAIDI100_CUSTOMER: /)]);
    const { SMS_WEBHOOK_URL: _dropped, ...withoutSms } = LIVE;
    expect(settingsProblems(withoutSms)).toEqual([expect.stringMatching(/^SMS_WEBHOOK_URL: /)]);
  });

  it('live mode with SITE_URL on a loopback address (the default of npm run shop) names SITE_URL', () => {
    expect(settingsProblems({ ...LIVE, SITE_URL: 'http://localhost:3000' })).toEqual([expect.stringMatching(/^SITE_URL: .*localhost/)]);
    expect(settingsProblems({ ...LIVE, SITE_URL: 'http://127.0.0.1:8080/' })).toEqual([expect.stringMatching(/^SITE_URL: /)]);
  });

  it('live mode with every setting starts', () => {
    expect(settingsProblems(LIVE)).toEqual([]);
  });

  it('a PEM given as a file that is not there counts as missing', () => {
    expect(settingsProblems({ ...LIVE, ALIPAY_PUBLIC_KEY: 'file:///nowhere/alipay.pem' })).toEqual([expect.stringMatching(/^ALIPAY_PUBLIC_KEY: .*\/nowhere\/alipay\.pem/)]);
  });

  it('provider settings without SHOP_MODE refuse to start, naming them', () => {
    const { SHOP_MODE: _mode, ...keys } = LIVE;
    const [problem, ...more] = settingsProblems(keys);
    expect(more).toEqual([]);
    expect(problem).toMatch(/^SHOP_MODE: /);
    expect(problem).toContain('WECHATPAY_APPID');
    expect(settingsProblems({ ALIPAY_APP_ID: '2021000000000001' })).toEqual([expect.stringMatching(/^SHOP_MODE: .*ALIPAY_APP_ID/)]);
  });

  it('provider settings with SHOP_MODE=demo said explicitly start in demo mode', () => {
    const { SHOP_MODE: _mode, ...keys } = LIVE;
    expect(settingsProblems({ ...keys, SHOP_MODE: 'demo' })).toEqual([]);
  });

  it('no provider setting and no SHOP_MODE: demo, as `npm run shop` starts', () => {
    expect(settingsProblems({})).toEqual([]);
    expect(settingsProblems({ SHOP_MODE: '', PORT: '3000', DATA_DIR: '.data' })).toEqual([]);
    expect(settingsSchema.parse({}).SHOP_MODE).toBeUndefined();
  });

  it('a value that cannot be read names its setting', () => {
    expect(settingsProblems({ SHOP_MODE: 'production' })).toEqual([expect.stringMatching(/^SHOP_MODE: /)]);
    expect(settingsProblems({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(settingsProblems({ SITE_URL: 'shop.example.cn' })).toEqual([expect.stringMatching(/^SITE_URL: /)]);
    expect(settingsProblems({ SWEEP_INTERVAL_MS: '5' })).toEqual([expect.stringMatching(/^SWEEP_INTERVAL_MS: /)]);
  });

  it('the start ends with exit code 1 and a message naming each missing setting', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    exitOnBadSettings({ SHOP_MODE: 'live', SITE_URL: 'https://shop.example.cn' });
    expect(exit).toHaveBeenCalledWith(1);
    const message = String(error.mock.calls[0][0]);
    expect(message).toContain('量盾商城无法启动');
    for (const name of LIVE_REQUIRED.filter((n) => n !== 'SITE_URL')) expect(message).toContain(`  - ${name}: `);
    expect(message).not.toContain('  - SITE_URL');
  });

  it('a complete configuration does not end the start', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    exitOnBadSettings(LIVE);
    exitOnBadSettings({});
    expect(exit).not.toHaveBeenCalled();
  });

  it('every setting has its line in .env.example and in docs/rules.md#environment', () => {
    const example = readFileSync('.env.example', 'utf8');
    const rules = readFileSync('docs/rules.md', 'utf8').split('## Environment')[1];
    for (const name of Object.keys(settingsSchema.shape)) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
      expect(rules, name).toContain(`\`${name}\``);
    }
  });
});
