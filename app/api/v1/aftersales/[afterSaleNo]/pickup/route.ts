import { requireUser } from '@/lib/server/http/auth';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { bookReturnPickup, pickupOptions } from '@/lib/server/flows/return-pickup';
import { getAfterSale } from '@/lib/server/views/after-sale';

export const dynamic = 'force-dynamic';

/** 上门取件 of the caller's return (docs/api.md#pickup): the slots of today and tomorrow and the addresses offered. */
export const GET = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) =>
  ok(await pickupOptions((await requireUser(req)).id, (await ctx.params).afterSaleNo)),
);

/** 预约上门取件: { date, start, addressId? | address? }; answers the request with its pickup. */
export const POST = handle(async (req, ctx: { params: Promise<{ afterSaleNo: string }> }) => {
  const user = await requireUser(req);
  const { afterSaleNo } = await ctx.params;
  await bookReturnPickup(user.id, afterSaleNo, await readJson(req));
  return ok(await getAfterSale(user.id, afterSaleNo), '已预约上门取件');
});
