import { z } from 'zod';
import { PAY_CHANNELS } from '../domain/payment-channels';
import { orderNo } from './fields';

export const createPaymentSchema = z.object({
  orderNo: orderNo('请选择要支付的订单'),
  channel: z.enum(PAY_CHANNELS, { error: '请选择支付方式' }),
});

/** Our payment numbers (out_trade_no): 22 digits. Anything else is not one of ours. */
export const PAYMENT_NO = /^\d{22}$/;
