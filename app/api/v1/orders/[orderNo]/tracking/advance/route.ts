import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { moveOrderParcel } from '@/lib/server/flows/demo-carrier';

export const dynamic = 'force-dynamic';

/** 「模拟快递员」 (demo mode only): the demo carrier takes the next step of the caller's own order's parcel (docs/tracking.md#demo-carrier). */
export const POST = handle(async (req, ctx: { params: Promise<{ orderNo: string }> }) =>
  ok(await moveOrderParcel(await requireUser(req), (await ctx.params).orderNo), '快递员已送出下一站'),
);
