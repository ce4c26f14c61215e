'use client';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { BannerLink } from './banner-link';

/**
 * The first banner as the page is sent: the page's largest image, drawn where the carousel's first
 * slide will be. `onWanted` (the visitor pointing at it, touching it or tabbing into it) asks for the
 * carousel at once.
 */
function FirstBanner({ onWanted }: { onWanted?: () => void }) {
  return (
    <section className="carousel-wrap" aria-label="精选活动" onPointerEnter={onWanted} onTouchStart={onWanted} onFocus={onWanted}>
      <div className="carousel">
        <BannerLink index={0} />
      </div>
    </section>
  );
}

const SwiperCarousel = dynamic(() => import('./swiper-carousel').then((m) => m.SwiperCarousel), { ssr: false, loading: () => <FirstBanner /> });

/** How long an idle browser may be waited for after the page's load before the carousel loads anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * The home carousel. The swiper script and stylesheet (about 40 KB compressed) are needed only for the
 * slides after the first, so they load after the page's own load event, when the browser is idle, or
 * as soon as the visitor reaches for the banner: never before the page is painted and interactive
 * (docs/decisions/paint-first.md).
 */
export function HeroCarousel() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    let idle: number | null = null;
    let timer: number | null = null;
    const afterLoad = () => {
      // Safari has no requestIdleCallback: the next task after the load event.
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(want, { timeout: IDLE_TIMEOUT_MS });
      else timer = window.setTimeout(want, 0);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [wanted]);

  return wanted ? <SwiperCarousel /> : <FirstBanner onWanted={() => setWanted(true)} />;
}
