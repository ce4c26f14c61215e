/** The demo Alipay open gateway: what alipay-sdk calls (and the pay form posts to) in demo mode. */
import { alipayGateway } from '@/lib/server/payment-sandbox/alipay-gateway';
import { sandboxEnabled, sandboxOff } from '@/lib/server/payment-sandbox/guard';

export const dynamic = 'force-dynamic';

async function route(req: Request): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  return alipayGateway(req);
}

export const GET = route;
export const POST = route;
