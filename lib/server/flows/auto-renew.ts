/**
 * 开通 and 关闭自动续费 (docs/subscriptions.md#自动续费): the shopper's own subscription (another's is 404),
 * a contract signing at the provider the shopper chose, its signing page (the same page to everyone who
 * asks while it is signing), and 关闭 in one step, the provider's 解约 included. Nothing is signed without
 * the shopper agreeing on the provider's page: this only opens that page.
 */
import 'server-only';
import { renewalPrice } from '../../domain/subscription-price';
import { AUTO_RENEW_REFUSED, AUTO_RENEW_STATES, CONTRACT_CHANNEL_LABEL, CONTRACT_SIGN_TTL_MS, type AutoRenewView } from '../../domain/auto-renew';
import { screenHref } from '../../domain/screens';
import { servicePlan, subscriptionState } from '../../domain/subscription';
import { absoluteUrl } from '../../site';
import { autoRenewSchema } from '../../validation/auto-renew';
import { maskPhone } from '../../validation/phone';
import { getDb } from '../db/client';
import { parseId } from '../db/id';
import { AppError, conflict, notFound } from '../errors';
import { log } from '../log';
import { contractProvider } from '../payments/contracts';
import { activePhone } from '../modules/accounts';
import { namesOf, skuCodes } from '../modules/catalog';
import { contractView, keepSignUrl, latestContract, liveContract, moveContract, openContract, ownSubscription, type OwnSubscription } from '../modules/subscription';

async function own(userId: number, rawId: string): Promise<OwnSubscription> {
  const id = parseId(rawId);
  const s = id === null ? null : await ownSubscription(await getDb(), userId, id);
  if (!s) throw notFound('服务不存在');
  return s;
}

/** What the provider's page shows: whose account, the service and edition, and what a year costs today. */
async function signFacts(s: OwnSubscription) {
  const db = await getDb();
  const [[product], skus, phone] = await Promise.all([namesOf(db, 'products', [s.productId]), skuCodes(db, [s.skuId]), activePhone(db, s.userId)]);
  const sku = skus.get(s.skuId);
  const edition = sku ? servicePlan(sku).edition : '';
  return {
    displayAccount: phone ? maskPhone(phone) : '量盾商城用户',
    description: `${product?.name ?? '量盾服务'} ${edition}`.trim() + (s.seats > 1 ? ` × ${s.seats} 席` : ''),
    amountFen: renewalPrice(sku?.priceFen ?? 0, s.seats, 1).totalFen,
  };
}

/** POST /subscriptions/{id}/auto-renew: the provider's signing page for this subscription. */
export async function startAutoRenew(userId: number, rawId: string, input: unknown): Promise<{ signUrl: string; autoRenew: AutoRenewView }> {
  const s = await own(userId, rawId);
  const { channel } = autoRenewSchema.parse(input);
  const state = subscriptionState(s, new Date());
  if (!AUTO_RENEW_STATES.includes(state)) throw conflict(AUTO_RENEW_REFUSED[state] ?? '当前服务状态不能开通自动续费');
  const db = await getDb();
  let c = await openContract(db, { subscriptionId: s.id, userId, channel });
  // A page left unsigned too long, or one at the other provider, gives way to a new one.
  if (c.state === 'signing' && (c.channel !== channel || Date.now() - c.createdAt.getTime() > CONTRACT_SIGN_TTL_MS)) {
    await moveContract(db, c.id, 'signing', 'terminated', { terminatedBy: 'abandoned' });
    c = await openContract(db, { subscriptionId: s.id, userId, channel });
  }
  if (c.state === 'active') throw conflict('已开通自动续费');
  if (c.signUrl) return { signUrl: c.signUrl, autoRenew: contractView(c) };
  let url: string;
  try {
    url = await contractProvider(c.channel).signUrl({
      contractNo: c.contractNo,
      ...(await signFacts(s)),
      firstChargeAt: s.endsAt!,
      returnUrl: absoluteUrl(screenHref('services', 'desktop')),
    });
  } catch (err) {
    log.error({ contractNo: c.contractNo, channel: c.channel, err: String(err) }, 'auto-renew signing page not made');
    throw new AppError(500, `${CONTRACT_CHANNEL_LABEL[c.channel]}暂时不可用，请稍后再试或换一种方式`);
  }
  return { signUrl: await keepSignUrl(db, c.id, url), autoRenew: contractView(c) };
}

/**
 * DELETE /subscriptions/{id}/auto-renew, 关闭自动续费 in one step: a signing contract just ends; a
 * signed one is ended at the provider (解约) and here. Asked again, it answers the ended contract.
 */
export async function stopAutoRenew(userId: number, rawId: string): Promise<AutoRenewView> {
  const s = await own(userId, rawId);
  const db = await getDb();
  const c = await liveContract(db, s.id);
  if (!c) {
    const last = await latestContract(db, s.id);
    if (!last) throw conflict('尚未开通自动续费');
    return contractView(last);
  }
  if (c.state === 'active' && c.providerContractId) {
    try {
      await contractProvider(c.channel).terminate(c.providerContractId, c.contractNo);
    } catch (err) {
      log.error({ contractNo: c.contractNo, channel: c.channel, err: String(err) }, 'auto-renew 解约 refused by the provider');
      throw new AppError(500, `${CONTRACT_CHANNEL_LABEL[c.channel]}暂时无法解约，请稍后再试`);
    }
  }
  const ended = (await moveContract(db, c.id, ['signing', 'active'], 'terminated', { terminatedBy: 'shopper' })) ?? (await latestContract(db, s.id))!;
  log.info({ contractNo: c.contractNo, from: c.state }, 'auto-renew stopped by the shopper');
  return contractView(ended);
}
