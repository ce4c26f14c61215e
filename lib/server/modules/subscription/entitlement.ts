/**
 * What an app learns of a code (GET /api/v1/entitlements/{code}, docs/subscriptions.md#entitlements): the
 * service, edition, seats and term of the code's subscription, read at the moment of asking (never cached,
 * so a renewal reaches the app at once), and whether the code may be used now. An app asks only about its
 * own product: another product's code is as unknown as a code that does not exist. Each nonce is used once.
 */
import 'server-only';
import { graceEndsAt } from '../../../domain/subscription-actions';
import { LICENSE_CODE } from '../../../domain/license-state';
import { and, eq, lt } from 'drizzle-orm';
import { SUBSCRIPTION_STATE_LABEL, servicePlan, subscriptionState } from '../../../domain/subscription';
import { getDb, type DbOrTx } from '../../db/client';
import { entitlementNonces, licenses, subscriptions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { iso } from '../../iso';
import { RESULT } from '../../../api/protocol';
import { productOfSlug, skuCodes } from '../catalog';
import { ENTITLEMENT_APPS } from './entitlement-apps';

export type Entitlement = {
  code: string;
  productName: string;
  edition: string;
  seats: number;
  state: keyof typeof SUBSCRIPTION_STATE_LABEL;
  stateLabel: string;
  /** True while the code is activated, not taken back, and its subscription 生效中, 即将到期 or in its 宽限期. */
  valid: boolean;
  activatedAt: string | null;
  startsAt: string | null;
  endsAt: string | null;
  /** The last moment of the 宽限期: the app may keep working until then. */
  graceEndsAt: string | null;
  checkedAt: string;
};

/** Records the nonce: false when it was used already (a replay). */
async function spendNonce(db: DbOrTx, appId: string, nonce: string): Promise<boolean> {
  const kept = await db.insert(entitlementNonces).values({ appId, nonce }).onConflictDoNothing().returning({ nonce: entitlementNonces.nonce });
  return kept.length === 1;
}

export async function entitlementOf(appId: string, nonce: string, rawCode: string, now = new Date()): Promise<Entitlement> {
  const db = await getDb();
  if (!(await spendNonce(db, appId, nonce))) throw new AppError(RESULT.NOT_LOGGED_IN, '请求已使用过，请勿重放');
  const code = rawCode.trim().toUpperCase();
  const product = LICENSE_CODE.test(code) ? await productOfSlug(db, ENTITLEMENT_APPS[appId]) : null;
  if (!product) throw notFound('激活码不存在');
  const [row] = await db
    .select({ code: licenses.code, activatedAt: licenses.activatedAt, revokedAt: licenses.revokedAt, s: subscriptions })
    .from(licenses)
    .innerJoin(subscriptions, eq(subscriptions.id, licenses.subscriptionId))
    .where(and(eq(licenses.code, code), eq(subscriptions.productId, product.id)));
  if (!row) throw notFound('激活码不存在');
  const sku = (await skuCodes(db, [row.s.skuId])).get(row.s.skuId);
  const state = subscriptionState(row.s, now);
  const live = state === 'active' || state === 'due_soon' || state === 'grace';
  return {
    code: row.code,
    productName: product.name,
    edition: sku ? servicePlan(sku).edition : '',
    seats: row.s.seats,
    state,
    stateLabel: SUBSCRIPTION_STATE_LABEL[state],
    valid: live && Boolean(row.activatedAt) && !row.revokedAt,
    activatedAt: iso(row.activatedAt),
    startsAt: iso(row.s.startsAt),
    endsAt: iso(row.s.endsAt),
    graceEndsAt: iso(graceEndsAt(row.s.endsAt)),
    checkedAt: iso(now),
  };
}

/** Nonces seen before `before`: the caller passes a time past which no request's timestamp is accepted. */
export async function pruneEntitlementNonces(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(entitlementNonces)
    .where(lt(entitlementNonces.seenAt, before))
    .returning({ nonce: entitlementNonces.nonce });
  return gone.length;
}
