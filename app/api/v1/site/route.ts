import { handle, ok } from '@/lib/server/http/envelope';
import { icpBeian } from '@/lib/site';

export const dynamic = 'force-dynamic';

/** What the footer shows that is set at run time (docs/api.md#site). */
export const GET = handle(async () => ok({ icpBeian: icpBeian() }));
