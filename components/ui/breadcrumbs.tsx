import Link from 'next/link';
import { JsonLd } from '@/components/seo/json-ld';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { breadcrumbTrail } from '@/lib/seo/routes';

type Crumb = { name: string; path: string };

/**
 * The breadcrumb trail of a page, with BreadcrumbList JSON-LD on nested pages (docs/pages.md).
 * Give `path` for a fixed route (trail from the metadata table) or `items` for a page with a parameter.
 */
export function Breadcrumbs({ path, items }: { path?: string; items?: Crumb[] }) {
  const trail = items ?? breadcrumbTrail(path ?? '/');
  return (
    <nav className="breadcrumbs" aria-label="面包屑导航">
      <ol>
        {trail.map((c, i) => (
          // By position: the personal center's first crumb and its first tab are one path.
          <li key={i}>
            {i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : <Link href={c.path}>{c.name}</Link>}
          </li>
        ))}
      </ol>
      {trail.length > 2 ? <JsonLd data={breadcrumbJsonLd(trail)} /> : null}
    </nav>
  );
}
