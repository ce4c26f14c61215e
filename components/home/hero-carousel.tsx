'use client';
import dynamic from 'next/dynamic';
import { BANNERS } from './banners';

/**
 * The first banner as the page is sent: the page's largest image, drawn where the carousel's first
 * slide will be, so the swiper script (about 30 KB compressed) is loaded after the
 * page is shown instead of before.
 */
function FirstBanner() {
  const b = BANNERS[0];
  return (
    <section className="carousel-wrap" aria-label="精选活动">
      <div className="carousel">
        <a className="banner" href={b.href}>
          <img src={b.src} alt={b.alt} width={1200} height={400} fetchPriority="high" loading="eager" />
        </a>
      </div>
    </section>
  );
}

export const HeroCarousel = dynamic(() => import('./swiper-carousel').then((m) => m.SwiperCarousel), { ssr: false, loading: FirstBanner });
