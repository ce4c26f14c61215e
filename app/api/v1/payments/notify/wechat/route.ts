import { notifyRoute } from '@/lib/server/http/raw';
import { receiveWechatNotification } from '@/lib/server/flows/payment-notified';

export const POST = notifyRoute('wechat', (req, raw) => receiveWechatNotification(req.headers, raw));
