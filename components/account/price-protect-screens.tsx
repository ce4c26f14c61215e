import Link from 'next/link';
import { Pagination } from '@/components/ui/pagination';
import { ClaimAllButton, ClaimLineButton } from '@/components/price-protect/price-protect-actions';
import { formatFen } from '@/lib/domain/money';
import { PRICE_PROTECT_DAYS_DEFAULT } from '@/lib/domain/price-protect';
import { screenHref } from '@/lib/domain/screens';
import { shopDateTime } from '@/lib/domain/shop-time';
import type { Device } from '@/lib/web/device';
import { queryValue } from '@/lib/web/page-query';
import { withQuery } from '@/lib/web/query-string';
import { protectableLines } from '@/lib/server/flows/price-protect';
import { myClaims } from '@/lib/server/views/price-protect';
import { AccountFrame } from './account-frame';
import type { DeviceQueryScreenProps as QueryProps } from './screen-props';

const CLAIMS_PAGE_SIZE = 20;
const day = (at: string) => shopDateTime(new Date(at)).slice(0, 10);

async function Lines({ userId, device }: { userId: number; device: Device }) {
  const lines = await protectableLines(userId);
  const eligible = lines.filter((l) => l.eligible);
  return (
    <section className="card" aria-labelledby="pp-lines-title">
      <div className="spread">
        <h2 id="pp-lines-title">可价保商品</h2>
        <ClaimAllButton eligible={eligible.length} />
      </div>
      {lines.length === 0 ? (
        <p className="muted">暂无在价保期内的商品</p>
      ) : (
        <ul className="price-protect-lines" aria-label="价保期内的商品">
          {lines.map((l) => (
            <li key={l.orderItemId}>
              <div className="price-protect-line-text">
                <Link href={screenHref('orderDetail', device, { orderNo: l.orderNo })} prefetch={false} className="tap">
                  {l.productName}
                </Link>
                <span className="muted small">
                  {l.skuName} × {l.quantity} · 实付单价 {formatFen(l.paidUnitFen)}
                  {l.until ? ` · 价保至 ${day(l.until)}` : ''}
                </span>
                <span className="small">{l.eligible ? `现可退差价 ${formatFen(l.amountFen)}` : l.reason}</span>
              </div>
              {l.eligible ? <ClaimLineButton orderNo={l.orderNo} orderItemId={l.orderItemId} productName={l.productName} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

async function Claims({ userId, path, page }: { userId: number; path: string; page: number }) {
  const list = await myClaims(userId, { page, pageSize: CLAIMS_PAGE_SIZE });
  return (
    <section className="card" aria-labelledby="pp-claims-title">
      <h2 id="pp-claims-title">价保记录</h2>
      {list.total === 0 ? (
        <p className="muted">还没有价保记录</p>
      ) : (
        <>
          <ul className="price-protect-claims" aria-label="价保记录">
            {list.items.map((c) => (
              <li key={c.id}>
                <div className="price-protect-line-text">
                  <span>{c.productName}</span>
                  <span className="muted small">
                    订单 {c.orderNo} · {shopDateTime(new Date(c.createdAt)).slice(0, 16)} · 实付单价 {formatFen(c.paidUnitFen)}，最低价 {formatFen(c.lowPriceFen)} × {c.quantity}
                  </span>
                </div>
                <span>
                  <strong className="price">{formatFen(c.amountFen)}</strong> <span className="muted small">{c.statusLabel}</span>
                </span>
              </li>
            ))}
          </ul>
          <Pagination page={list.page} pageSize={list.pageSize} total={list.total} href={(p) => withQuery(path, { page: p > 1 ? p : undefined })} />
        </>
      )}
    </section>
  );
}

/** 价保 (/PriceProtect on a phone, /personalCenter/PersonalPriceProtect on a desktop): lines in their window with what each would get now, 一键价保, the claims made. */
export function PriceProtectScreen({ path, device, query }: QueryProps) {
  const page = Math.max(1, Math.min(10_000, Number(queryValue(query, 'page')) || 1));
  return (
    <AccountFrame
      path={path}
      heading="价保"
      what="您的价保商品和价保记录"
      guestIntro="付款后商品降价，可在价保期内申请退还差价。"
      account={(u) => (
        <>
          <Lines userId={u.id} device={device} />
          <Claims userId={u.id} path={path} page={page} />
        </>
      )}
    >
      <section className="card" aria-labelledby="pp-rules-title">
        <h2 id="pp-rules-title">价保规则</h2>
        <ul className="feature-list small">
          <li>{`商品页标明「支持 N 天价保」的实物商品，付款后 N 天内（通常为 ${PRICE_PROTECT_DAYS_DEFAULT} 天）本商城售价低于您的实付单价，可申请退还差价；服务订阅不支持价保。`}</li>
          <li>差价 =（实付单价 − 付款后的最低售价）× 购买数量；实付单价已扣除该商品分摊的优惠券金额。</li>
          <li>同一次降价只能申请一次；价格再次降低时可再次申请。差价原路退回您的支付账户。</li>
          <li>已申请退款或售后处理中的商品不能申请价保；价保后退货，退款金额扣除已退的价保差价。</li>
        </ul>
      </section>
    </AccountFrame>
  );
}
