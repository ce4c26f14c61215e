/** A review's photos as thumbnails, each a link to the whole photo (我的评价 and the console). */
import type { ReviewPhoto } from '@/lib/domain/review';

export function PhotoLinks({ photos, label, size = 80 }: { photos: ReviewPhoto[]; label: string; size?: number }) {
  if (!photos.length) return null;
  return (
    <ul className="photo-list" aria-label={label}>
      {photos.map((p, i) => (
        <li key={p.url} className="photo-thumb">
          <a href={p.url} target="_blank" rel="noopener">
            <img src={p.url} alt={`${label} ${i + 1}`} width={size} height={size} style={{ width: size, height: size }} loading="lazy" decoding="async" />
          </a>
        </li>
      ))}
    </ul>
  );
}
