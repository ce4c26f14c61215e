import { CART_COOKIE } from '@/lib/web/sessions';
import { requireUser } from '@/lib/server/http/auth';
import { readCookie } from '@/lib/server/http/cookies';
import { handle, ok, readJson, searchParams } from '@/lib/server/http/envelope';
import { createOrder } from '@/lib/server/flows/checkout';
import { listOrders } from '@/lib/server/flows/order-list';

export const dynamic = 'force-dynamic';

export const GET = handle(async (req) => ok(await listOrders((await requireUser(req)).id, searchParams(req))));

// Rerunnable: an order is found again by its own idempotencyKey (docs/decisions/retries.md#routes).
export const POST = handle(
  async (req) => {
    const user = await requireUser(req);
    const owner = { userId: user.id, anonToken: readCookie(req, CART_COOKIE) };
    return ok(await createOrder(user.id, owner, await readJson(req)), '订单已提交');
  },
  { rerunnable: true },
);
