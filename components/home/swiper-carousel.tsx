'use client';
import { useState } from 'react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL } from '@/lib/web/ui';
import { BannerLink } from './banner-link';
import { BANNERS } from './banners';

/**
 * The home carousel (loaded after the page by hero-carousel.tsx) with the swiper settings of CAROUSEL (docs/rules.md#ui-constants). Its dots are
 * buttons named for their slide, and the autoplay can be paused (and does not start for a visitor
 * who asked the system for less motion).
 */
export function SwiperCarousel() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(true);

  function ready(s: SwiperInstance) {
    setSwiper(s);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      s.autoplay.stop();
      setPlaying(false);
    }
  }

  function toggle() {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  }

  return (
    <section className="carousel-wrap" aria-roledescription="轮播" aria-label="精选活动">
      <Swiper
        className="carousel"
        modules={[A11y, Autoplay, Pagination]}
        onSwiper={ready}
        loop={CAROUSEL.loop}
        slidesPerView={CAROUSEL.slidesPerView}
        spaceBetween={CAROUSEL.spaceBetween}
        speed={CAROUSEL.speedMs}
        autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
        pagination={{ clickable: true, bulletElement: 'button' }}
        a11y={{
          paginationBulletMessage: '第 {{index}} 张',
          slideLabelMessage: '第 {{index}} 张，共 {{slidesLength}} 张',
          containerRoleDescriptionMessage: '轮播',
          itemRoleDescriptionMessage: '幻灯片',
          prevSlideMessage: '上一张',
          nextSlideMessage: '下一张',
          firstSlideMessage: '这是第一张',
          lastSlideMessage: '这是最后一张',
        }}
      >
        {BANNERS.map((b, i) => (
          <SwiperSlide key={b.art}>
            <BannerLink index={i} />
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className="carousel-toggle" onClick={toggle} disabled={!swiper} aria-label={playing ? '暂停轮播' : '继续轮播'}>
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
    </section>
  );
}
