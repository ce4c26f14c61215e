'use client';
import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import type { ProductImage } from '@/lib/domain/product-image';
import { useProductChoice } from './product-choice';

const ImageViewer = dynamic(() => import('./image-viewer').then((m) => m.ImageViewer), { ssr: false });

/**
 * Product gallery: the images side by side in a scroll-snapping strip (a swipe on a phone moves to the
 * next one, with no carousel script), thumbnails to pick one, a click opens the viewer. The first
 * image is the chosen option's own picture when it has one.
 */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const { sku } = useProductChoice();
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const first = images[0];
  // The option's picture takes the first image's place (and its description: the buttons name the option).
  const slides = sku.image && first && sku.image !== first.src ? [{ ...first, src: sku.image }, ...images.slice(1)] : images;

  const show = (i: number, smooth = true) => {
    const el = track.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    setCurrent(i);
  };
  // Another option chosen: its picture, the first slide, comes into view.
  useEffect(() => {
    const el = track.current;
    if (el) el.scrollTo({ left: 0, behavior: 'auto' });
  }, [sku.id]);

  const img = slides[current] ?? slides[0];
  if (!img) return null;
  return (
    <div className="gallery">
      <div
        ref={track}
        className="gallery-track"
        role="group"
        aria-roledescription="图片轮播"
        aria-label={`${name} 图片，共 ${slides.length} 张`}
        onScroll={(e) => {
          const el = e.currentTarget;
          const i = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
          if (i !== current) setCurrent(Math.min(slides.length - 1, Math.max(0, i)));
        }}
      >
        {slides.map((im, i) => (
          <button
            key={`${i}-${im.src}`}
            type="button"
            className="gallery-main"
            data-current={i === current ? 'true' : undefined}
            tabIndex={i === current ? 0 : -1}
            aria-hidden={i === current ? undefined : true}
            onClick={() => {
              setCurrent(i);
              setOpen(true);
            }}
            aria-label={`查看大图：${im.alt}`}
          >
            <img src={im.src} alt={im.alt} width={im.width} height={im.height} fetchPriority={i === 0 ? 'high' : undefined} loading={i === 0 ? undefined : 'lazy'} />
          </button>
        ))}
      </div>
      {slides.length > 1 ? (
        <>
          <p className="gallery-count mobile-only" aria-hidden="true">
            {current + 1} / {slides.length}
          </p>
          <div className="gallery-thumbs desktop-only" role="group" aria-label={`${name} 图片`}>
            {slides.map((im, i) => (
              <button key={`${i}-${im.src}`} type="button" aria-current={i === current} aria-label={`第 ${i + 1} 张：${im.alt}`} onClick={() => show(i)}>
                <img src={im.src} alt="" width={72} height={72} loading="lazy" />
              </button>
            ))}
          </div>
        </>
      ) : null}
      {open ? <ImageViewer images={slides} start={current} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
