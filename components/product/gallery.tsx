'use client';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import type { ProductImage } from '@/lib/server/db/schema';

const ImageViewer = dynamic(() => import('./image-viewer').then((m) => m.ImageViewer), { ssr: false });

/** Product gallery: main image (click to open the viewer) and thumbnails. */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const [current, setCurrent] = useState(0);
  const [open, setOpen] = useState(false);
  const img = images[current];
  if (!img) return null;
  return (
    <div>
      <button type="button" className="gallery-main" onClick={() => setOpen(true)} aria-label={`查看大图：${img.alt}`}>
        <img src={img.src} alt={img.alt} width={img.width} height={img.height} fetchPriority="high" />
      </button>
      {images.length > 1 ? (
        <div className="gallery-thumbs" role="group" aria-label={`${name} 图片`}>
          {images.map((im, i) => (
            <button key={im.src} type="button" aria-current={i === current} aria-label={`第 ${i + 1} 张：${im.alt}`} onClick={() => setCurrent(i)}>
              <img src={im.src} alt="" width={72} height={72} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      {open ? <ImageViewer images={images} start={current} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
