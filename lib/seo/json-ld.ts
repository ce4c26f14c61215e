/** Typed JSON-LD builders (schema-dts), one per type; serialise with inline-script.ts. */
import type { BreadcrumbList, FAQPage, Organization, Product, Review, WithContext } from 'schema-dts';
import { DEFAULT_CURRENCY, fenToYuanString } from '../domain/money';
import type { ReviewSummary, ReviewView } from '../domain/review';
import { shopDay } from '../domain/shop-time';
import { absoluteUrl, BRAND_NAME, COMPANY_ADDRESS, COMPANY_NAME, SERVICE_PHONE, SHOP_NAME, siteUrl } from '../site';

export function organizationJsonLd(): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: COMPANY_NAME,
    alternateName: SHOP_NAME,
    description: '量盾科技专注量子密钥分发与量子安全终端，提供量子加密耳机、加密移动硬盘与量子邮箱、量子会议等服务。',
    url: siteUrl(),
    logo: absoluteUrl('/images/logo.svg'),
    telephone: SERVICE_PHONE,
    address: { '@type': 'PostalAddress', ...COMPANY_ADDRESS },
  };
}

export type ProductLd = {
  id: number;
  name: string;
  description: string;
  category: string;
  images: { src: string }[];
  skus: { name: string; priceFen: number; stock: number }[];
  brand?: string;
  currency?: string;
  /** The visible reviews' summary and the newest few (REVIEWS_IN_JSON_LD): stars in search results. */
  reviews?: { summary: ReviewSummary; latest: ReviewView[] };
};

/** A review as search engines read it: the public (masked) name, the day, the text, the stars. */
function reviewLd(r: ReviewView): Review {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: r.author },
    datePublished: shopDay(new Date(r.createdAt)),
    reviewBody: r.content,
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
  };
}

/** Ratings only when there is at least one visible review: nothing is invented for a product without. */
function ratingLd(reviews: ProductLd['reviews']): Pick<Product, 'aggregateRating' | 'review'> {
  if (!reviews || reviews.summary.count < 1) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.latest.map(reviewLd),
  };
}

export function productJsonLd(p: ProductLd): WithContext<Product> {
  const url = absoluteUrl(`/proc/${p.id}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    description: p.description,
    brand: { '@type': 'Brand', name: p.brand ?? BRAND_NAME },
    category: p.category,
    image: p.images.map((i) => absoluteUrl(i.src)),
    sku: String(p.id),
    url,
    offers: p.skus.map((s) => ({
      '@type': 'Offer' as const,
      name: s.name,
      price: fenToYuanString(s.priceFen),
      priceCurrency: p.currency ?? DEFAULT_CURRENCY,
      availability: s.stock > 0 ? ('https://schema.org/InStock' as const) : ('https://schema.org/OutOfStock' as const),
      url,
    })),
    ...ratingLd(p.reviews),
  };
}

export function faqJsonLd(items: { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question' as const,
      name: i.question,
      acceptedAnswer: { '@type': 'Answer' as const, text: i.answer },
    })),
  };
}

export function breadcrumbJsonLd(items: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((i, n) => ({
      '@type': 'ListItem' as const,
      position: n + 1,
      name: i.name,
      item: absoluteUrl(i.path),
    })),
  };
}
