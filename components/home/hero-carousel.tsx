'use client';
import dynamic from 'next/dynamic';
import { BannerLink } from './banner-link';

/**
 * The first banner as the page is sent: the page's largest image, drawn where the carousel's first
 * slide will be, so the swiper script (about 30 KB compressed) is loaded after the
 * page is shown instead of before.
 */
function FirstBanner() {
  return (
    <section className="carousel-wrap" aria-label="精选活动">
      <div className="carousel">
        <BannerLink index={0} />
      </div>
    </section>
  );
}

export const HeroCarousel = dynamic(() => import('./swiper-carousel').then((m) => m.SwiperCarousel), { ssr: false, loading: FirstBanner });
