import { z } from 'zod';
import { CONTRACT_CHANNELS } from '../domain/auto-renew';

/** 开通自动续费: the provider the shopper chose (nothing is pre-chosen). */
export const autoRenewSchema = z.object({
  channel: z.enum(CONTRACT_CHANNELS, { error: '请选择微信支付或支付宝' }),
});
