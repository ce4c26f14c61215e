import { BANNER_SIZES, BANNERS, bannerSources } from './banners';

/**
 * One slide of the home carousel: the first is the page's largest image and loads at once with high
 * priority, the others lazily. Drawn by the swiper and, before its script has loaded, alone in its place.
 */
export function BannerLink({ index }: { index: number }) {
  const b = BANNERS[index];
  const first = index === 0;
  const { src, srcSet } = bannerSources(b.art);
  return (
    <a className="banner" href={b.href}>
      <img src={src} srcSet={srcSet} sizes={BANNER_SIZES} alt={b.alt} width={1200} height={400} fetchPriority={first ? 'high' : 'auto'} loading={first ? 'eager' : 'lazy'} />
    </a>
  );
}
