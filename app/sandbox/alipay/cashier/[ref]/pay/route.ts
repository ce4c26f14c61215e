/** 确认付款 at the demo Alipay cashier: pays, notifies the shop, and returns the browser to it. */
import { formFields, sandboxEnabled, sandboxOff, seeOther, tooLarge } from '@/lib/server/payment-sandbox/guard';
import { confirmAlipay } from '@/lib/server/payment-sandbox/payer';
import { withQuery } from '@/lib/web/query-string';

export async function POST(req: Request, ctx: { params: Promise<{ ref: string }> }): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  const { ref } = await ctx.params;
  const f = await formFields(req);
  if (!f) return tooLarge();
  const r = await confirmAlipay(ref, { dropNotify: f.get('drop_notify') === '1' });
  return seeOther(r.ok ? r.next : withQuery(`/sandbox/alipay/cashier/${encodeURIComponent(ref)}`, { error: r.message }), req.url);
}
