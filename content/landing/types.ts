/**
 * The shape of a product-line (marketing) page: a hero and an ordered list of blocks. Pages hand a
 * `LandingContent` to components/landing/landing-page.tsx, which renders it and reads every price,
 * SKU and spec it shows from the catalog — content never carries a price.
 */

/** A live price from the database: the cheapest SKU of a product, or the SKU whose name contains `sku`. */
export type PriceRef = { productId: number; sku?: string };

/** A table cell: text, or a price read from the catalog at render time. */
export type Cell = string | { price: PriceRef };

export type TextItem = { title: string; text: string };

export type LinkItem = { href: string; title: string; text: string };

type BlockBase = {
  /** The section's anchor (also used for aria-labelledby), e.g. "specs". */
  id: string;
  title: string;
  intro?: string;
};

export type LandingBlock =
  | (BlockBase & { kind: 'steps'; steps: TextItem[]; note?: string })
  | (BlockBase & { kind: 'features'; items: TextItem[]; columns?: 2 | 3 | 4 })
  | (BlockBase & { kind: 'table'; caption: string; head: string[]; rows: Cell[][]; note?: string })
  /** Spec comparison of catalog products, one column each (rows: price, then the products' own specs). */
  | (BlockBase & { kind: 'specs'; productIds: number[] })
  /** Every SKU of the products with its live price and a link to buy. */
  | (BlockBase & { kind: 'prices'; productIds: number[] })
  /** Product cards with live prices. */
  | (BlockBase & { kind: 'products'; productIds: number[] })
  | (BlockBase & { kind: 'faq'; items: { q: string; a: string }[] })
  | (BlockBase & { kind: 'links'; links: LinkItem[] });

export type LandingContent = {
  /** The route, as in lib/seo/routes.ts (breadcrumbs). */
  path: string;
  hero: {
    eyebrow: string;
    title: string;
    pitch: string;
    /** "立即购买" goes to /proc/{productId}; the hero also shows its live starting price. */
    productId: number;
    secondary: { href: string; label: string };
    points: string[];
    art: { src: string; alt: string; width: number; height: number };
  };
  blocks: LandingBlock[];
};
