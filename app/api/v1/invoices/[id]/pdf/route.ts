import { requireUser } from '@/lib/server/http/auth';
import { attachment } from '@/lib/server/http/attachment';
import { handle } from '@/lib/server/http/envelope';
import { invoicePdf } from '@/lib/server/modules/invoice';

type Ctx = { params: Promise<{ id: string }> };

export const dynamic = 'force-dynamic';

/** The issued e-invoice as a download, to its owner only; otherwise (or before it is issued) the 404 envelope. */
export const GET = handle(async (req, ctx: Ctx) => {
  const { bytes, filename } = await invoicePdf((await requireUser(req)).id, (await ctx.params).id);
  return attachment(bytes, filename, 'application/pdf');
});
