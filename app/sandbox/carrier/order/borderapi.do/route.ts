/** The demo carrier's 商家寄件 endpoint: 快递100's `order/borderapi.do` (method bOrder or cancel, key, t, sign, param). Demo mode only. */
import { answerBorder } from '@/lib/server/carrier-sandbox/pickups';
import { formFields, sandboxEnabled, sandboxOff, tooLarge } from '@/lib/server/payment-sandbox/guard';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  const fields = await formFields(req);
  if (!fields) return tooLarge();
  return Response.json(await answerBorder(fields));
}
