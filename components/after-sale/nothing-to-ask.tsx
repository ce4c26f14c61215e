/**
 * The apply screen when no line of the order may be asked for now: no form, but for each line why
 * and when it may be (the server's reason, docs/api.md#after-sales `blocked`), with the request it
 * waits for or that refunded it.
 */
import Link from 'next/link';
import { useId } from 'react';
import type { Device } from '@/lib/web/device';
import { screenHref } from '@/lib/domain/screens';
import type { AfterSaleOptions } from './types';
import './after-sale.css';

type Blocked = NonNullable<AfterSaleOptions['lines'][number]['blocked']>;

const LINK_TEXT: Partial<Record<Blocked['code'], string>> = { in_after_sale: '查看进度', refunded: '查看退款' };

/** The reason, and a link to its request when it names one. */
export function BlockedReason({ blocked, device }: { blocked: Blocked; device: Device }) {
  return (
    <>
      {blocked.label}
      {blocked.afterSaleNo ? (
        <>
          {' '}
          <Link href={screenHref('afterSaleDetail', device, { afterSaleNo: blocked.afterSaleNo })} prefetch={false}>
            {LINK_TEXT[blocked.code] ?? '查看售后单'}
          </Link>
        </>
      ) : null}
    </>
  );
}

export function NothingToAsk({ options, device, backPath }: { options: AfterSaleOptions; device: Device; backPath: string }) {
  const uid = useId();
  return (
    <section className="card after-sale-closed" aria-labelledby={`${uid}-title`}>
      <div className="spread">
        <h2 id={`${uid}-title`}>暂时不能申请售后</h2>
        <span className="muted small">
          订单 <Link href={backPath} prefetch={false}>{options.orderNo}</Link> · {options.orderStatusLabel}
        </span>
      </div>
      <p className="muted">这个订单暂时没有可以申请售后的商品：</p>
      <ul className="after-sale-lines" aria-label="各商品的售后情况">
        {options.lines.map((l) => (
          <li key={l.orderItemId} className="after-sale-line after-sale-line-closed">
            {l.image ? <img src={l.image} alt="" width={56} height={56} loading="lazy" decoding="async" /> : <span className="order-line-img" />}
            <div className="after-sale-line-text">
              <span>
                {l.productName} × {l.blocked?.quantity ?? l.quantity}
              </span>
              <span className="muted small">{l.skuName}</span>
              {l.blocked ? (
                <span className="small after-sale-why">
                  <BlockedReason blocked={l.blocked} device={device} />
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Link href={backPath} className="btn btn-ghost" prefetch={false}>
        返回订单详情
      </Link>
    </section>
  );
}
