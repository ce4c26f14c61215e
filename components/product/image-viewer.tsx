'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { IMAGE_VIEWER } from '@/lib/web/ui';
import type { ProductImage } from '@/lib/domain/product-image';

function clampScale(scale: number): number {
  return Math.min(IMAGE_VIEWER.maxScale, Math.max(IMAGE_VIEWER.minScale, scale));
}

/** Full-screen image viewer: zoom by 1.2× (wheel, buttons, + / -), scale 0.2–7, ← → to browse, Esc to close. */
export function ImageViewer({ images, start, onClose }: { images: ProductImage[]; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const closeRef = useRef<HTMLButtonElement>(null);
  const zoom = useCallback((dir: 1 | -1) => setScale((s) => clampScale(dir > 0 ? s * IMAGE_VIEWER.zoomRate : s / IMAGE_VIEWER.zoomRate)), []);
  const go = useCallback(
    (d: number) => {
      setIndex((i) => (i + d + images.length) % images.length);
      setScale(1);
    },
    [images.length],
  );

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === '+' || e.key === '=') zoom(1);
      else if (e.key === '-') zoom(-1);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [go, onClose, zoom]);

  const img = images[index];
  return (
    <div
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label="查看大图"
      onWheel={(e) => zoom(e.deltaY < 0 ? 1 : -1)}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <img src={img.src} alt={img.alt} width={img.width} height={img.height} style={{ transform: `scale(${scale})` }} data-scale={scale.toFixed(4)} />
      <button ref={closeRef} type="button" className="viewer-close" onClick={onClose}>
        关闭
      </button>
      <div className="viewer-tools">
        {images.length > 1 ? (
          <button type="button" onClick={() => go(-1)} aria-label="上一张">
            ‹
          </button>
        ) : null}
        <button type="button" onClick={() => zoom(-1)} aria-label="缩小">
          −
        </button>
        <button type="button" onClick={() => setScale(1)} aria-label="还原">
          {Math.round(scale * 100)}%
        </button>
        <button type="button" onClick={() => zoom(1)} aria-label="放大">
          +
        </button>
        {images.length > 1 ? (
          <button type="button" onClick={() => go(1)} aria-label="下一张">
            ›
          </button>
        ) : null}
      </div>
    </div>
  );
}
