/**
 * The sweep's 优惠券即将过期 (docs/messages.md#events): an unused coupon that ends within
 * COUPON_EXPIRING_NOTICE_H hours is told to its shopper once — the notice's key is the coupon's id, and
 * coupons already told (their outbox event written) are not picked again.
 */
import 'server-only';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { COUPON_EXPIRING_NOTICE_H } from '../../../domain/coupon-rules';
import { HOUR_MS } from '../../../domain/shop-time';
import { getDb, withTx } from '../../db/client';
import { coupons, couponTemplates } from '../../db/schema';
import { noEventKeyed } from '../../outbox/written';
import { notify } from '../messages';

/** How many coupons one sweep tick tells about (the rest on the next ticks). */
const BATCH = 500;

const shopTime = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });

/** "12月3日 23:59" in Beijing time. */
function endsText(at: Date): string {
  const p = Object.fromEntries(shopTime.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.month}月${p.day}日 ${p.hour}:${p.minute}`;
}

export async function notifyExpiringCoupons(now = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: coupons.id, userId: coupons.userId, endsAt: coupons.endsAt, name: couponTemplates.name })
    .from(coupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, coupons.templateId))
    .where(
      and(
        eq(coupons.status, 'unused'),
        gt(coupons.endsAt, now),
        lte(coupons.endsAt, new Date(now.getTime() + COUPON_EXPIRING_NOTICE_H * HOUR_MS)),
        noEventKeyed(sql`'notify:coupon_expiring:' || ${coupons.id}`),
      ),
    )
    .limit(BATCH);
  if (!due.length) return 0;
  await withTx(async (tx) => {
    for (const c of due) await notify(tx, c.userId, 'coupon_expiring', { coupon: c.name, expiresAt: endsText(c.endsAt) }, c.id);
  });
  return due.length;
}
