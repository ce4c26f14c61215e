/** The buttons of the demo Alipay 周期扣款 page: 同意并签约, 取消, 解除协议, the 余额不足 switch. */
import { contractActionRoute } from '@/lib/server/payment-sandbox/contract-route';

export const POST = contractActionRoute('alipay', (ref) => `/sandbox/alipay/agreement/${ref}`);
