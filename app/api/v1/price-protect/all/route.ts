import { requireUser } from '@/lib/server/http/auth';
import { handle, ok } from '@/lib/server/http/envelope';
import { claimAllPriceProtect } from '@/lib/server/flows/price-protect';
import { formatFen } from '@/lib/domain/money';

export const dynamic = 'force-dynamic';

export const POST = handle(async (req) => {
  const r = await claimAllPriceProtect((await requireUser(req)).id);
  return ok(r, r.claims.length ? `${r.claims.length} 件商品价保成功，共退 ${formatFen(r.totalFen)}` : '暂无可价保的商品');
});
