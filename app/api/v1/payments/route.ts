import { requireUser } from '@/lib/server/http/auth';
import { clientIp } from '@/lib/server/http/client-ip';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { createPayment } from '@/lib/server/modules/payment';

// Rerunnable: a run again takes the order's open payment of that channel (docs/decisions/retries.md#routes).
export const POST = handle(async (req) => ok(await createPayment((await requireUser(req)).id, await readJson(req), clientIp(req))), { rerunnable: true });
