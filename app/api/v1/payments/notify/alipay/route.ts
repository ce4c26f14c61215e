import { notifyRoute } from '@/lib/server/http/raw';
import { receiveAlipayNotification } from '@/lib/server/flows/payment-notified';

export const POST = notifyRoute('alipay', (_req, raw) => receiveAlipayNotification(raw));
