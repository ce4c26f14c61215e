/** 续费, 加席位 and 升级 of a subscription (docs/api.md, docs/subscriptions.md#renewal-and-prices): never a price. */
import { z } from 'zod';
import { RENEW_YEARS } from '../domain/subscription';
import { SEATS_ADD_MAX } from '../domain/subscription-price';
import { dbId, idempotencyKey, int } from './fields';

/**
 * What every such order may add, as the checkout takes it: a coupon of the shopper's (null: 不使用优惠券;
 * absent: the best one), and a key that finds the order again when the request is sent twice.
 */
const orderFields = {
  couponId: dbId('优惠券').nullable().optional(),
  idempotencyKey: idempotencyKey().optional(),
};

const YEARS = `续费年限只能是 ${RENEW_YEARS[0]} 至 ${RENEW_YEARS.at(-1)} 年`;

export const renewSchema = z.object({
  years: int('续费年限', { min: RENEW_YEARS[0], max: RENEW_YEARS.at(-1)!, tooSmall: YEARS, tooLarge: YEARS }),
  ...orderFields,
});

const SEATS = `每次可增加 1 至 ${SEATS_ADD_MAX} 个席位`;

export const addSeatsSchema = z.object({
  add: int('增加的席位数', { min: 1, max: SEATS_ADD_MAX, tooSmall: SEATS, tooLarge: SEATS }),
  ...orderFields,
});

export const upgradeSchema = z.object(orderFields);
