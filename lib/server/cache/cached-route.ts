/**
 * Cached pages that read the database (docs/decisions/cached-pages.md). Such a page lives in an
 * optional catch-all folder, e.g. app/(shop)/quantumDisk/[[...rest]]/page.tsx, and re-exports
 * `generateStaticParams` from here: nothing is rendered at build time (the database is not there
 * yet); the first request renders the page, later ones get it from the cache until a catalog
 * tag is revalidated. Any extra path segment is a 404.
 */
import { notFound } from 'next/navigation';

export type RestParams = Promise<{ rest?: string[] }>;

export async function generateStaticParams(): Promise<{ rest?: string[] }[]> {
  return [];
}

/** The page's own path only: /quantumDisk, never /quantumDisk/anything. */
export async function requireNoRest(params: RestParams): Promise<void> {
  const { rest } = await params;
  if (rest && rest.length > 0) notFound();
}

/** The page itself, or its `indexcopy` twin: the parent's content under the parent's canonical (docs/routes.md#catalog-and-content-pages). */
export async function isIndexCopy(params: RestParams): Promise<boolean> {
  const { rest } = await params;
  if (!rest || rest.length === 0) return false;
  if (rest.length === 1 && rest[0] === 'indexcopy') return true;
  notFound();
}
