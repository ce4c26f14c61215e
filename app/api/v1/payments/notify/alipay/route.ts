import { notifyRoute } from '@/lib/server/http/raw';
import { receiveAlipayNotification } from '@/lib/server/modules/payment/payment';

export const POST = notifyRoute('alipay', (_req, raw) => receiveAlipayNotification(raw));
