import { limitAddress } from '@/lib/server/http/address-limit';
import { handle, ok, readJson } from '@/lib/server/http/envelope';
import { createLead } from '@/lib/server/modules/leads';

export const POST = handle(async (req) => {
  await limitAddress(req, 'leads');
  const lead = await createLead(await readJson(req));
  return ok(lead, '提交成功，专属顾问将在一个工作日内与您联系');
});
