/**
 * 快递100's 商家寄件 callbacks of a 上门取件 the shop booked (docs/api.md#carrier-pushes): form fields `taskId`,
 * `param` and `sign` = MD5(param + the booking's salt), answered in 快递100's format. The demo carrier calls here too.
 */
import { notifyRoute } from '@/lib/server/http/raw';
import { receivePickupCallback } from '@/lib/server/modules/after-sales';

export const dynamic = 'force-dynamic';

export const POST = notifyRoute('kuaidi100-border', async (_req, raw) => {
  const { status, reply } = await receivePickupCallback(raw);
  return { status, body: JSON.stringify(reply), contentType: 'application/json; charset=utf-8' };
});
