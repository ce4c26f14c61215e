/** The demo gateways exist in demo mode only: in live mode every /sandbox path is a 404. */
import { shopMode } from '../../../site';

export const sandboxEnabled = () => shopMode() === 'demo';

export const sandboxOff = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** The "form" fields of a confirm post (application/x-www-form-urlencoded). */
export async function formFields(req: Request): Promise<URLSearchParams> {
  const text = (await req.text()).slice(0, 8192);
  return new URLSearchParams(text);
}

/**
 * After a form post, the browser goes on with GET (303). A path stays relative: the browser resolves it
 * against the address it used, while req.url names the server as Next sees it (http://localhost:port),
 * another origin, which the pages' CSP form-action (which covers the redirect) refuses.
 */
export const seeOther = (url: string, base: string) =>
  new Response(null, { status: 303, headers: { location: url.startsWith('/') && !url.startsWith('//') ? url : new URL(url, base).toString() } });
