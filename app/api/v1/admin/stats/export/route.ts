import { attachmentHeader } from '@/lib/server/http/attachment';
import { handle, searchParams } from '@/lib/server/http/envelope';
import { requireOperator } from '@/lib/server/http/operator';
import { exportStatsCsv } from '@/lib/server/views/stats-csv';

export const dynamic = 'force-dynamic';

/** 数据 as CSV, the same query as GET /admin/stats (no envelope on success; errors are the usual envelope). */
export const GET = handle(async (req) => {
  await requireOperator(req);
  const { body, filename, asciiFilename } = await exportStatsCsv(searchParams(req));
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': attachmentHeader(asciiFilename, filename),
      'cache-control': 'no-store',
    },
  });
});
