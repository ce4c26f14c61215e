/** The demo WeChat Pay API v3: what wechatpay-axios-plugin calls in demo mode (baseURL …/sandbox/wechat/). */
import { sandboxEnabled, sandboxOff } from '@/lib/server/payment-sandbox/guard';
import { wechatGateway } from '@/lib/server/payment-sandbox/wechat-gateway';

export const dynamic = 'force-dynamic';

type Ctx = { params: Promise<{ path: string[] }> };

async function route(req: Request, ctx: Ctx): Promise<Response> {
  if (!sandboxEnabled()) return sandboxOff();
  return wechatGateway(req, ['v3', ...(await ctx.params).path]);
}

export const GET = route;
export const POST = route;
