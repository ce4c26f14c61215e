/**
 * 快递100's pushes of a subscribed waybill (docs/api.md#carrier-pushes): form fields `param` and `sign`,
 * answered in 快递100's format. The demo carrier pushes here too, signed the same way.
 */
import { notifyRoute } from '@/lib/server/http/raw';
import { receiveCarrierPush } from '@/lib/server/flows/parcels';

export const dynamic = 'force-dynamic';

export const POST = notifyRoute('kuaidi100', async (_req, raw) => {
  const { status, reply } = await receiveCarrierPush(raw);
  return { status, body: JSON.stringify(reply), contentType: 'application/json; charset=utf-8' };
});
