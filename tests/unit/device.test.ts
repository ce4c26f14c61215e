import { describe, expect, it } from 'vitest';
import { detectDevice, isBot, isWeChatBrowser } from '@/lib/web/device';
import { UA } from '../support/user-agents';

describe('detectDevice', () => {
  it.each([
    ['Windows Chrome', UA.windowsChrome],
    ['macOS Safari', UA.macSafari],
    ['Linux Firefox', UA.linuxFirefox],
    ['Lighthouse desktop', UA.lighthouseDesktop],
  ])('%s is desktop', (_name, ua) => {
    expect(detectDevice(ua)).toBe('desktop');
  });

  it.each([
    ['iPhone Safari', UA.iPhoneSafari],
    ['Android Chrome', UA.androidChrome],
    ['HarmonyOS', UA.harmonyOs],
    ['WeChat on Android', UA.weChatAndroid],
    ['WeChat on iPhone', UA.weChatIPhone],
    ['iPad (legacy UA)', UA.iPadLegacy],
    ['iPad in desktop mode with Mobile/ token', UA.iPadDesktopMode],
    ['Lighthouse mobile', UA.lighthouseMobile],
  ])('%s is mobile', (_name, ua) => {
    expect(detectDevice(ua)).toBe('mobile');
  });

  it('treats a missing user agent as desktop', () => {
    expect(detectDevice(undefined)).toBe('desktop');
    expect(detectDevice(null)).toBe('desktop');
    expect(detectDevice('')).toBe('desktop');
  });
});

describe('isBot', () => {
  it.each([
    ['Googlebot', UA.googlebot],
    ['Googlebot smartphone', UA.googlebotSmartphone],
    ['bingbot', UA.bingbot],
    ['Baiduspider', UA.baiduspider],
    ['Sogou', UA.sogou],
    ['Bytespider', UA.bytespider],
    ['YisouSpider', UA.yisou],
  ])('%s is a bot', (_name, ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each([
    ['Windows Chrome', UA.windowsChrome],
    ['macOS Safari', UA.macSafari],
    ['iPhone Safari', UA.iPhoneSafari],
    ['Android Chrome', UA.androidChrome],
    ['WeChat', UA.weChatAndroid],
    ['iPad', UA.iPadLegacy],
    ['Lighthouse mobile', UA.lighthouseMobile],
    ['Lighthouse desktop', UA.lighthouseDesktop],
  ])('%s is not a bot', (_name, ua) => {
    expect(isBot(ua)).toBe(false);
  });

  it('treats a missing user agent as a person', () => {
    expect(isBot(undefined)).toBe(false);
    expect(isBot('')).toBe(false);
  });
});

describe('isWeChatBrowser', () => {
  it('recognises WeChat on Android and iPhone only', () => {
    expect(isWeChatBrowser(UA.weChatAndroid)).toBe(true);
    expect(isWeChatBrowser(UA.weChatIPhone)).toBe(true);
    expect(isWeChatBrowser(UA.iPhoneSafari)).toBe(false);
    expect(isWeChatBrowser(UA.windowsChrome)).toBe(false);
    expect(isWeChatBrowser(null)).toBe(false);
  });
});
