/**
 * /OrderDistribute?orderNo=: carrier, the waybill number (with 复制), the parcel's state and its
 * timeline newest first: the carrier's events and the shop's 「已发货」 (docs/tracking.md#reads).
 * Rendered on the server; 复制 is the only client part.
 */
import Link from 'next/link';
import { CopyButton } from '@/components/ui/copy-button';
import { screenHref } from '@/lib/domain/screens';
import { orNullIfNotFound } from '@/lib/server/errors';
import { orderTracking } from '@/lib/server/flows/order-tracking';
import { formatTime } from './format-time';
import { OrderState } from './order-state';

export async function OrderLogistics({ userId, orderNo, listPath }: { userId: number; orderNo: string | null; listPath: string }) {
  if (!orderNo) return <OrderState kind="missing" back={listPath} />;
  const t = await orNullIfNotFound(orderTracking(userId, orderNo));
  if (!t) return <OrderState kind="missing" back={listPath} />;

  const back = (
    <Link href={screenHref('orderDetail', 'mobile', { orderNo: t.orderNo })} prefetch={false}>
      返回订单详情
    </Link>
  );
  if (!t.carrier && !t.trackingNo) {
    return (
      <section className="card empty">
        <p>
          {t.kind === 'service'
            ? '量子安全服务无需配送，付款后激活码在订单详情中查看。'
            : t.orderStatus === 'cancelled'
              ? '该订单已取消，没有物流信息。'
              : `该订单（${t.orderStatusLabel}）尚未发货，发货后这里会显示快递公司、运单号和物流轨迹。`}
        </p>
        <p>{back}</p>
      </section>
    );
  }
  return (
    <section className="card logistics" aria-labelledby="logistics-title">
      <h2 id="logistics-title">包裹信息</h2>
      <dl className="term-list order-facts">
        <div>
          <dt>订单编号</dt>
          <dd>{t.orderNo}</dd>
        </div>
        <div>
          <dt>快递公司</dt>
          <dd>{t.carrier ?? '—'}</dd>
        </div>
        <div>
          <dt>运单号</dt>
          <dd className="logistics-waybill">
            <span>{t.trackingNo ?? '—'}</span>
            {t.trackingNo ? <CopyButton text={t.trackingNo} label="运单号" /> : null}
          </dd>
        </div>
        <div>
          <dt>物流状态</dt>
          <dd>
            <strong className={`logistics-state logistics-state-${t.state ?? 'none'}`}>{t.stateLabel ?? '—'}</strong>
          </dd>
        </div>
      </dl>
      <h3>物流轨迹</h3>
      {t.events.length ? (
        <ol className="help-timeline logistics-events" aria-label="物流轨迹，最新的在最上面">
          {t.events.map((e, i) => (
            <li key={i} className={i === 0 ? 'latest' : undefined}>
              <time dateTime={e.time}>{formatTime(e.time)}</time>
              {e.stateLabel ? <span className="logistics-step"> {e.stateLabel}</span> : null}
              <p>
                {e.text}
                {e.place ? <span className="muted small">（{e.place}）</span> : null}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">包裹已交给快递公司，暂无物流轨迹，请稍后再看。</p>
      )}
      <p>{back}</p>
    </section>
  );
}
