/** The demo carrier's real-time query: 快递100's `poll/query.do` (customer, sign, param). Demo mode only. */
import { answerQuery } from '@/lib/server/carrier-sandbox/parcels';
import { formFields, sandboxEnabled, sandboxOff, tooLarge } from '@/lib/server/payment-sandbox/guard';

export const dynamic = 'force-dynamic';

export async function POST(req: Request): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  const fields = await formFields(req);
  if (!fields) return tooLarge();
  return Response.json(await answerQuery(fields));
}
