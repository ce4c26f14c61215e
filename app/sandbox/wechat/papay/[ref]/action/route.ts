/** The buttons of the demo WeChat 委托代扣 page: 同意并签约, 取消, 解除协议, the 余额不足 switch. */
import { contractActionRoute } from '@/lib/server/payment-sandbox/contract-route';

export const POST = contractActionRoute('wechat', (ref) => `/sandbox/wechat/papay/${ref}`);
