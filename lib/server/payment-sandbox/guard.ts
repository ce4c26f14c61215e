/** The demo gateways exist in demo mode only: in live mode every /sandbox path is a 404. */
import { RESULT } from '../../api/protocol';
import { readCappedBody, TOO_LARGE } from '../http/envelope';
import { shopMode } from '../../site';

export const sandboxEnabled = () => shopMode() === 'demo';

export const sandboxOff = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** A confirm form is a few short fields: 8 KB is plenty. */
const FORM_MAX_BYTES = 8192;

/** The "form" fields of a confirm post (application/x-www-form-urlencoded), or null when the body is over the cap. */
export async function formFields(req: Request): Promise<URLSearchParams | null> {
  const text = await readCappedBody(req, FORM_MAX_BYTES);
  return text === null ? null : new URLSearchParams(text);
}

export const tooLarge = () => new Response(TOO_LARGE, { status: RESULT.PAYLOAD_TOO_LARGE, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * After a form post, the browser goes on with GET (303). A path stays relative: the browser resolves it
 * against the address it used, while req.url names the server as Next sees it (http://localhost:port),
 * another origin, which the pages' CSP form-action (which covers the redirect) refuses.
 */
export const seeOther = (url: string, base: string) =>
  new Response(null, { status: 303, headers: { location: url.startsWith('/') && !url.startsWith('//') ? url : new URL(url, base).toString() } });
