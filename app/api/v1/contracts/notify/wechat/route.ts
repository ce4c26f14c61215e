import { notifyRoute } from '@/lib/server/http/raw';
import { receiveWechatContractNotification } from '@/lib/server/flows/contract-notified';

export const POST = notifyRoute('wechat', (req, raw) => receiveWechatContractNotification(req.headers, raw));
