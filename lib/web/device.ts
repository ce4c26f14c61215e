/** User agent → device kind and bot flag (docs/routes.md#device-detection). Pure: used by proxy.ts, pages and tests. */
export type Device = 'mobile' | 'desktop';

export { detectDevice, isBot } from './user-agent.mjs';

/** WeChat's in-app browser, where H5 pay is not allowed and a hint is shown instead. */
export function isWeChatBrowser(userAgent: string | null | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}
