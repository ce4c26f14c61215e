import { BANNER_WIDTHS } from './banner-widths.mjs';

/**
 * Home carousel slides. The art is public/images/banners/<art>.svg (1200×400); the page shows its WebP
 * renderings (scripts/banners-raster.mjs), which paint without laying out the SVG's CJK text first.
 */
export const BANNERS = [
  { art: 'earbuds', alt: '量盾 Q1 量子加密耳机：每一次通话都是一次一密', href: '/EarphoneDetails' },
  { art: 'disk', alt: '量盾 200 量子加密移动硬盘：指纹解锁，丢失可远程吊销', href: '/quantumDisk_200' },
  { art: 'services', alt: '量子邮箱、量子钉、量子会议、量子身份：量子安全办公全家桶', href: '/quantumMail' },
] as const;

/** A banner's rendering at `width` px. */
const rendering = (art: string, width: number) => `/images/banners/${art}-${width}.webp`;

/** The `src` (the widest rendering) and `srcSet` of a banner's <img>. */
export function bannerSources(art: string): { src: string; srcSet: string } {
  return {
    src: rendering(art, Math.max(...BANNER_WIDTHS)),
    srcSet: BANNER_WIDTHS.map((w) => `${rendering(art, w)} ${w}w`).join(', '),
  };
}

/** The banner's width on the page: the container's content box (1200 px less its 16 px padding each side). */
export const BANNER_SIZES = '(min-width: 1200px) 1168px, calc(100vw - 32px)';
