/**
 * User agent → device kind and bot flag (docs/routes.md#device-detection): the one definition, plain JS
 * because server.mjs (its page cache keys answers by what the proxy decides from the user agent) reads
 * it before any TypeScript is loaded. lib/web/device.ts gives it its types for the app.
 */
const MOBILE_RE =
  /Mobi|Android|iPhone|iPod|iPad|Windows Phone|HarmonyOS|OpenHarmony|MicroMessenger|MQQBrowser|UCBrowser|Opera Mini|IEMobile|BlackBerry|webOS|Silk/i;
const BOT_RE =
  /bot\b|bot\/|spider|crawler|crawl|slurp|bingpreview|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|Baiduspider|Sogou|360Spider|YisouSpider|Bytespider|PetalBot|Yandex|DuckDuckBot|Applebot|AhrefsBot|SemrushBot/i;

/** @param {string | null | undefined} userAgent @returns {'mobile' | 'desktop'} */
export function detectDevice(userAgent) {
  const ua = userAgent ?? '';
  if (!ua) return 'desktop';
  // iPadOS 13+ reports a Macintosh desktop UA and gets the desktop screens (it can only be told apart on the client).
  return MOBILE_RE.test(ua) ? 'mobile' : 'desktop';
}

/** @param {string | null | undefined} userAgent */
export function isBot(userAgent) {
  const ua = userAgent ?? '';
  if (!ua) return false;
  // Lighthouse audits pages as a person would see them.
  if (/lighthouse/i.test(ua)) return false;
  // CUBOT is a phone maker, not a crawler.
  return BOT_RE.test(ua.replace(/cubot/gi, ''));
}
