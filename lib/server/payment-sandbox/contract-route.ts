/** The demo phone's contract buttons as a route: one form post, then the browser goes on (303). */
import { withQuery } from '../../web/query-string';
import { contractAction } from './contract-phone';
import { formFields, sandboxEnabled, sandboxOff, seeOther, tooLarge } from './guard';
import type { SandboxProvider } from './store';

export function contractActionRoute(provider: SandboxProvider, page: (ref: string) => string) {
  return async (req: Request, ctx: { params: Promise<{ ref: string }> }): Promise<Response> => {
    if (!sandboxEnabled()) return sandboxOff();
    const { ref } = await ctx.params;
    const f = await formFields(req);
    if (!f) return tooLarge();
    const r = await contractAction(provider, ref, f.get('do') ?? '');
    return seeOther(r.ok ? r.next : withQuery(page(encodeURIComponent(ref)), { error: r.message }), req.url);
  };
}
