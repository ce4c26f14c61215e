import type { Metadata } from 'next';
import { isIndexCopy, type RestParams } from '@/lib/server/cache/cached-route';
import { routeMetadata } from '@/lib/seo/metadata';

/**
 * Metadata of a page with an `indexcopy` twin: the twin's own table entry (its canonical is the
 * parent) when rest = ['indexcopy'], the page's otherwise; any other rest is a 404.
 */
export async function indexCopyMetadata(path: string, params: RestParams): Promise<Metadata> {
  return routeMetadata((await isIndexCopy(params)) ? `${path}/indexcopy` : path);
}
