/**
 * One product of 我的收藏 or 足迹: picture and name (links to the product unless it is 已下架), its
 * price now, the list's badges and actions, and a tick box when the list is being managed.
 */
import Link from 'next/link';
import { formatFen } from '@/lib/domain/money';
import type { ProductNow } from '@/lib/server/modules/catalog';

type Props = {
  product: ProductNow;
  badges?: React.ReactNode;
  actions?: React.ReactNode;
  check?: { checked: boolean; onChange: (on: boolean) => void };
};

export function OwnProduct({ product: p, badges, actions, check }: Props) {
  const href = `/proc/${p.productId}`;
  const picture = p.image ? <img src={p.image.src} alt="" width={80} height={80} loading="lazy" /> : <span className="own-noimg" aria-hidden="true" />;
  return (
    <div className={`card own-item${p.offSale ? ' off' : ''}`}>
      {check ? (
        // The label is the finger's target (44 px); the box inside keeps its 20 px look.
        <label className="check-hit">
          <input type="checkbox" className="own-check" aria-label={`选择：${p.name}`} checked={check.checked} onChange={(e) => check.onChange(e.target.checked)} />
        </label>
      ) : null}
      {p.offSale ? picture : (
        <Link href={href} prefetch={false} tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      )}
      <div className="own-body">
        {p.offSale ? <span className="own-name">{p.name}</span> : (
          <Link href={href} prefetch={false} className="own-name">
            {p.name}
          </Link>
        )}
        <div className="own-price">
          {p.priceFen === null ? <span className="muted small">商品已下架</span> : <span className="price">{formatFen(p.priceFen)}</span>}
          {badges}
        </div>
      </div>
      {actions ? <div className="own-actions">{actions}</div> : null}
    </div>
  );
}
