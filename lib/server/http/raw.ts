/**
 * Handlers that speak a provider's format instead of our envelope: payment notifications (the
 * provider's reply) and the Alipay pay form (raw HTML). Bodies are capped like every other body;
 * a failure never shows a stack trace.
 */
import { CSP_HEADER, MESSAGE_PAGE_CSP } from '../../web/security-headers.mjs';
import { RESULT } from '../../api/protocol';
import { SHOP_NAME } from '../../site';
import { log } from '../log';
import type { NotifyReply } from './notify-replies';
import { clientWentAway, errorOutcome, httpStatus, readCappedBody, TOO_LARGE } from './envelope';

/** A provider's notification: verified and applied by `fn`; its reply goes back as the provider expects. */
export function notifyRoute(provider: string, fn: (req: Request, raw: string) => Promise<NotifyReply>) {
  return async (req: Request): Promise<Response> => {
    try {
      const raw = await readCappedBody(req);
      if (raw === null) return Response.json({ code: 'FAIL', message: TOO_LARGE }, { status: RESULT.PAYLOAD_TOO_LARGE });
      const r = await fn(req, raw);
      return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType, 'cache-control': 'no-store' } });
    } catch (err) {
      if (clientWentAway(err, req)) {
        log.info({ provider, reason: err instanceof Error ? err.message : String(err) }, 'client went away');
        return Response.json({ code: 'FAIL', message: '请求已中断' }, { status: RESULT.BAD_REQUEST });
      }
      log.error({ provider, err: err instanceof Error ? err.message : String(err) }, 'provider notification failed');
      return Response.json({ code: 'FAIL', message: '系统繁忙' }, { status: 500 });
    }
  };
}

/** Text for HTML: & < > " ' as entities. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A small Chinese HTML page for a browser that landed on a raw route (pay form) with a problem. */
export function htmlMessage(status: number, title: string, message: string, back: { href: string; label: string }): Response {
  const body = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - ${SHOP_NAME}</title></head><body style="font:16px/1.6 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p></body></html>`;
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', [CSP_HEADER]: MESSAGE_PAGE_CSP } });
}

/** An error's HTTP status and message for raw routes, as the envelope would answer it (416 → 401). */
export function rawStatus(err: unknown): { status: number; message: string } {
  const { code, message } = errorOutcome(err);
  return { status: httpStatus(code), message };
}
