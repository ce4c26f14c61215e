import type { MetadataRoute } from 'next';
import { PRIVATE_ROUTES } from '@/lib/seo/routes';
import { absoluteUrl } from '@/lib/site';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: [...PRIVATE_ROUTES, '/admin', '/sandbox', '/api/', '/ProductList/cached'],
      },
    ],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
