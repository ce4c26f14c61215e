/** 价保's requests (docs/api.md#价保): one line of one order, and the console's list of claims. */
import { z } from 'zod';
import { PRICE_PROTECT_STATUSES } from '../domain/price-protect';
import { blankToUndefined, calendarDay, dbId, orderNo, pageFields } from './fields';

/** The line a preview or a claim is about. */
export const priceProtectLineSchema = z.object({
  orderNo: orderNo('请选择要价保的订单'),
  orderItemId: dbId('商品'),
});

/** The console's 价保 list: by state and by the Beijing day the claim was made. */
export const adminPriceProtectQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PRICE_PROTECT_STATUSES, { error: '价保状态不正确' }).optional()),
  from: calendarDay('开始日期'),
  to: calendarDay('结束日期'),
  ...pageFields,
});
