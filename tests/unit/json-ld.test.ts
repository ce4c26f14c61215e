import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breadcrumbJsonLd, faqJsonLd, organizationJsonLd, productJsonLd, type ProductLd } from '@/lib/seo/json-ld';
import { serializeInlineJson } from '@/lib/seo/inline-script';

const SITE = 'https://shop.example.cn';
const EVIL = 'X</script><script>alert(1)</script>\u2028line\u2029para & <!-- -->';

const product: ProductLd = {
  id: 10909,
  name: EVIL,
  description: `描述 ${EVIL}`,
  category: '量子加密耳机',
  images: [{ src: '/images/products/q1-1.svg' }],
  skus: [
    { name: '曜石黑', priceFen: 129_900, stock: 3 },
    { name: '云母白', priceFen: 129_905, stock: 0 },
  ],
};

beforeEach(() => vi.stubEnv('SITE_URL', `${SITE}/`));
afterEach(() => vi.unstubAllEnvs());

describe('serializeInlineJson', () => {
  it('keeps a product name holding </script> inside its script tag', () => {
    const out = serializeInlineJson(productJsonLd(product));
    expect(out.toLowerCase()).not.toContain('</script');
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    const html = `<script type="application/ld+json">${out}</script>`;
    // The only closing tag is the one we wrote.
    expect(html.toLowerCase().indexOf('</script')).toBe(html.length - '</script>'.length);
    const parsed = JSON.parse(out) as { name: string; description: string };
    expect(parsed.name).toBe(EVIL);
    expect(parsed.description).toBe(`描述 ${EVIL}`);
  });

  it('escapes as \\u sequences that JavaScript also reads back', () => {
    const out = serializeInlineJson({ s: '<>&\u2028\u2029' });
    expect(out).toBe('{"s":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
    // Valid as a JS expression too (U+2028 would break older engines if left raw).
    expect(new Function(`return ${out}`)()).toEqual({ s: '<>&\u2028\u2029' });
  });
});

describe('productJsonLd', () => {
  it('builds a Product with one CNY Offer per SKU and absolute URLs', () => {
    const ld = productJsonLd({ ...product, name: '量盾 量子加密耳机 Q1' }) as unknown as Record<string, unknown>;
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Product');
    expect(ld).toMatchObject({
      name: '量盾 量子加密耳机 Q1',
      brand: { '@type': 'Brand', name: '量盾科技' },
      category: '量子加密耳机',
      image: [`${SITE}/images/products/q1-1.svg`],
      url: `${SITE}/proc/10909`,
      sku: '10909',
    });
    expect(ld.offers).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '1299.00', priceCurrency: 'CNY', availability: 'https://schema.org/InStock' }),
      expect.objectContaining({ '@type': 'Offer', price: '1299.05', priceCurrency: 'CNY', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });
});

describe('other builders', () => {
  it('Organization carries name, description, url, logo, telephone, address', () => {
    // schema-dts types are unions that include plain strings: read the object loosely.
    const org = organizationJsonLd() as unknown as Record<string, unknown>;
    expect(org['@type']).toBe('Organization');
    for (const key of ['name', 'description', 'url', 'logo', 'telephone', 'address'] as const) expect(org[key]).toBeTruthy();
    expect(org.url).toBe(SITE);
  });

  it('FAQPage maps question/answer pairs', () => {
    const faq = faqJsonLd([{ question: '怎么开发票？', answer: '在订单详情申请开票。' }]);
    expect(faq).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: '怎么开发票？', acceptedAnswer: { '@type': 'Answer', text: '在订单详情申请开票。' } }],
    });
  });

  it('BreadcrumbList numbers positions from 1 with absolute item URLs', () => {
    const bc = breadcrumbJsonLd([
      { name: '首页', path: '/' },
      { name: '帮助中心', path: '/helpCenter' },
    ]);
    expect(bc).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '首页', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: '帮助中心', item: `${SITE}/helpCenter` },
      ],
    });
  });
});
