/**
 * A push from the demo carrier to the shop, as 快递100 sends them: a form POST to the callback address.
 * Logged either way and never thrown: a lost push is what the shop's real-time query (a parcel) or the
 * next step's push (a pickup) is for.
 */
import { PROVIDER_HTTP_TIMEOUT_MS } from '../limits';
import { log } from '../log';

export async function pushForm(url: string, fields: Record<string, string>, about: Record<string, unknown>, what: string): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(PROVIDER_HTTP_TIMEOUT_MS),
    });
    log.info({ ...about, http: res.status, answer: (await res.text()).slice(0, 80) }, what);
  } catch (err) {
    log.warn({ ...about, err: String(err) }, `${what} not delivered`);
  }
}
