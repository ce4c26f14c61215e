/**
 * The Alipay pay form, raw (no envelope): the SDK's auto-submitting form that takes the browser to
 * Alipay's cashier. The browser navigates here from the pay screen; the auth-token cookie says who.
 */
import { SHOP_NAME } from '@/lib/shop-identity';
import { requireUser } from '@/lib/server/http/auth';
import { clientIp } from '@/lib/server/http/client-ip';
import { htmlMessage, rawStatus } from '@/lib/server/http/raw';
import { alipayConfig } from '@/lib/server/payments/config';
import { alipayPayForm } from '@/lib/server/flows/alipay-form';
import { screenHref } from '@/lib/domain/screens';
import { CSP_HEADER, payFormPolicy } from '@/lib/web/security-headers.mjs';

export const dynamic = 'force-dynamic';

export async function GET(req: Request, ctx: { params: Promise<{ paymentNo: string }> }): Promise<Response> {
  try {
    const user = await requireUser(req);
    const form = await alipayPayForm(user.id, (await ctx.params).paymentNo, clientIp(req));
    const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>正在前往支付宝 - ${SHOP_NAME}</title></head><body><p>正在前往支付宝收银台…</p>${form}</body></html>`;
    // Its own policy: exactly the SDK's auto-submit script (by hash), posting only to the gateway.
    return new Response(page, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', [CSP_HEADER]: payFormPolicy(page, alipayConfig().gateway) },
    });
  } catch (err) {
    const { status, message } = rawStatus(err);
    return htmlMessage(status, '无法前往支付宝', message, { href: screenHref('orders', 'mobile'), label: '查看我的订单' });
  }
}
