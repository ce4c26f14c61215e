'use client';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL } from '@/lib/constants';
import { BANNERS } from './banners';

/** The home carousel with the swiper settings of CAROUSEL (docs/rules.md#ui-constants). */
export function HeroCarousel() {
  return (
    <Swiper
      className="carousel"
      modules={[Autoplay, Pagination]}
      loop={CAROUSEL.loop}
      slidesPerView={CAROUSEL.slidesPerView}
      spaceBetween={CAROUSEL.spaceBetween}
      speed={CAROUSEL.speedMs}
      autoplay={{ delay: CAROUSEL.autoplayDelayMs, disableOnInteraction: false }}
      pagination={{ clickable: true }}
      a11y={{ enabled: true }}
    >
      {BANNERS.map((b, i) => (
        <SwiperSlide key={b.src}>
          <a className="banner" href={b.href}>
            <img src={b.src} alt={b.alt} width={1200} height={400} fetchPriority={i === 0 ? 'high' : 'auto'} loading={i === 0 ? 'eager' : 'lazy'} />
          </a>
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
