import { notifyRoute } from '@/lib/server/http/raw';
import { receiveAlipayContractNotification } from '@/lib/server/flows/contract-notified';

export const POST = notifyRoute('alipay', (_req, raw) => receiveAlipayContractNotification(raw));
