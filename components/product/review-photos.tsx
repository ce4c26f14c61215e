'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import type { ReviewPhoto } from '@/lib/domain/review';

const ImageViewer = dynamic(() => import('./image-viewer').then((m) => m.ImageViewer), { ssr: false });

/** A review's photos as small square thumbnails; a tap opens the product gallery's viewer. */
export function ReviewPhotos({ photos, label }: { photos: ReviewPhoto[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  const images = photos.map((p, i) => ({ src: p.url, alt: `${label}第 ${i + 1} 张图`, width: p.width ?? 800, height: p.height ?? 800 }));
  return (
    <>
      <ul className="review-photos">
        {images.map((im, i) => (
          <li key={im.src}>
            <button type="button" onClick={() => setOpen(i)} aria-label={`查看大图：${im.alt}`}>
              <img src={im.src} alt={im.alt} width={72} height={72} loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? <ImageViewer images={images} start={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
