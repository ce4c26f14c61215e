import type { MetadataRoute } from 'next';
import { cachedSitemapProducts } from '@/lib/server/modules/catalog';
import { PUBLIC_ROUTES } from '@/lib/seo/routes';
import { absoluteUrl } from '@/lib/site';
import { contentPaths } from '@/lib/seo/content-paths';

// Reads the database: built per request from the cached catalog, never at build time.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const products = await cachedSitemapProducts();
  return [
    ...PUBLIC_ROUTES.map((path) => ({
      url: absoluteUrl(path),
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.6,
    })),
    ...contentPaths().map((path) => ({ url: absoluteUrl(path), changeFrequency: 'monthly' as const, priority: 0.4 })),
    ...products.map((p) => ({
      url: absoluteUrl(`/proc/${p.id}`),
      lastModified: p.updatedAt,
      changeFrequency: 'daily' as const,
      priority: 0.8,
    })),
  ];
}
