/** The photos of an after-sales request, each opening the full image (the shopper's detail and the console). */
import type { AfterSale } from './types';

export function PhotoList({ images }: { images: AfterSale['images'] }) {
  return (
    <ul className="photo-list" aria-label="凭证图片">
      {images.map((img, i) => (
        <li key={img.id} className="photo-thumb">
          <a href={img.url} target="_blank" rel="noopener">
            <img src={img.url} alt={`凭证 ${i + 1}`} width={96} height={96} loading="lazy" decoding="async" />
          </a>
        </li>
      ))}
    </ul>
  );
}
