import { notifyRoute } from '@/lib/server/http/raw';
import { receiveWechatNotification } from '@/lib/server/services/payment';

export const POST = notifyRoute('wechat', (req, raw) => receiveWechatNotification(req.headers, raw));
