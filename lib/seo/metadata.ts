/** Next.js Metadata for a route: title, description, keywords, canonical {SITE_URL}{path}, robots. */
import type { Metadata } from 'next';
import { absoluteUrl, SHOP_NAME } from '../site';
import { routeMeta } from './routes';

type MetaInput = {
  title: string;
  description: string;
  keywords: string;
  canonicalPath: string;
  noindex?: boolean;
  image?: string;
  /** Set for pages in another language than zh-CN. */
  locale?: string;
};

export function buildMetadata(m: MetaInput): Metadata {
  const url = absoluteUrl(m.canonicalPath);
  return {
    title: { absolute: m.title },
    description: m.description,
    keywords: m.keywords,
    alternates: { canonical: url },
    robots: m.noindex ? { index: false, follow: false } : { index: true, follow: true },
    openGraph: {
      title: m.title,
      description: m.description,
      url,
      siteName: SHOP_NAME,
      locale: m.locale ?? 'zh_CN',
      type: 'website',
      ...(m.image ? { images: [{ url: absoluteUrl(m.image) }] } : {}),
    },
  };
}

/** Metadata of a fixed route from the table in routes.ts. */
export function routeMetadata(path: string): Metadata {
  const r = routeMeta(path);
  return buildMetadata({
    title: r.title,
    description: r.description,
    keywords: r.keywords,
    canonicalPath: r.canonical ?? path,
    noindex: r.private,
    locale: path.endsWith('En') ? 'en_US' : undefined,
  });
}

/** Metadata of a product page from the product's own SEO fields. */
export function productMetadata(p: { id: number; seo: { title: string; description: string; keywords: string }; images: { src: string }[] }): Metadata {
  return buildMetadata({
    title: p.seo.title,
    description: p.seo.description,
    keywords: p.seo.keywords,
    canonicalPath: `/proc/${p.id}`,
    image: p.images[0]?.src,
  });
}
