/** User agent → device kind and bot flag (docs/routes.md#device-detection). Pure: used by proxy.ts, pages and tests. */
export type Device = 'mobile' | 'desktop';

const MOBILE_RE =
  /Mobi|Android|iPhone|iPod|iPad|Windows Phone|HarmonyOS|OpenHarmony|MicroMessenger|MQQBrowser|UCBrowser|Opera Mini|IEMobile|BlackBerry|webOS|Silk/i;
const BOT_RE =
  /bot\b|bot\/|spider|crawler|crawl|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|Baiduspider|Sogou|360Spider|YisouSpider|Bytespider|PetalBot|Yandex|DuckDuckBot|Applebot|AhrefsBot|SemrushBot/i;

export function detectDevice(userAgent: string | null | undefined): Device {
  const ua = userAgent ?? '';
  if (!ua) return 'desktop';
  // iPadOS 13+ reports a Macintosh desktop UA and gets the desktop screens (it can only be told apart on the client).
  return MOBILE_RE.test(ua) ? 'mobile' : 'desktop';
}

export function isBot(userAgent: string | null | undefined): boolean {
  const ua = userAgent ?? '';
  if (!ua) return false;
  // Lighthouse audits pages as a person would see them.
  if (/lighthouse/i.test(ua)) return false;
  // CUBOT is a phone maker, not a crawler.
  return BOT_RE.test(ua.replace(/cubot/gi, ''));
}

/** WeChat's in-app browser, where H5 pay is not allowed and a hint is shown instead. */
export function isWeChatBrowser(userAgent: string | null | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}
