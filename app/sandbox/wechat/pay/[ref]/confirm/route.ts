/** 确认支付 on the demo WeChat "phone": pays, notifies the shop, and sends the browser on. */
import { formFields, sandboxEnabled, sandboxOff, seeOther, tooLarge } from '@/lib/server/payment-sandbox/guard';
import { confirmWechat } from '@/lib/server/payment-sandbox/payer';
import { withQuery } from '@/lib/web/query-string';

export async function POST(req: Request, ctx: { params: Promise<{ ref: string }> }): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  const { ref } = await ctx.params;
  const f = await formFields(req);
  if (!f) return tooLarge();
  const r = await confirmWechat(ref, { dropNotify: f.get('drop_notify') === '1', redirectUrl: f.get('redirect_url') });
  const page = `/sandbox/wechat/pay/${encodeURIComponent(ref)}`;
  return seeOther(r.ok ? r.next : withQuery(page, { error: r.message, redirect_url: f.get('redirect_url') }), req.url);
}
