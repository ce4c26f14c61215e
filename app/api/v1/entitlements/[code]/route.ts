import { handle, ok } from '@/lib/server/http/envelope';
import { verifyAppRequest } from '@/lib/server/http/app-signature';
import { entitlementKey, entitlementOf } from '@/lib/server/modules/subscription';

/** Asked by the shop's apps, signed with their key (docs/subscriptions.md#entitlements); never by a browser. */
export const GET = handle(async (req, ctx: { params: Promise<{ code: string }> }) => {
  const { appId, nonce } = verifyAppRequest(req, entitlementKey);
  return ok(await entitlementOf(appId, nonce, decodeURIComponent((await ctx.params).code)));
});
