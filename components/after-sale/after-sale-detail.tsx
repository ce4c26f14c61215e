'use client';
/**
 * 售后详情 (/AfterSaleDetail, /AfterSaleDetailPC; ?afterSaleNo=): the state and what happens next,
 * the goods and the money, the return address and the waybill form once a return is approved,
 * 撤销申请 and 确认收货 when the state allows them, the photos, and the timeline newest first.
 */
import Link from 'next/link';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import useSWR from 'swr';
import type { AfterSaleStatus } from '@/lib/after-sale';
import { afterSaleApi, swrFetcher } from '@/lib/api/client';
import { AFTER_SALE_RESHIP_COMPLETE_DAYS, AFTER_SALE_RETURN_DAYS, AFTER_SALE_REVIEW_HOURS } from '@/lib/constants';
import type { Device } from '@/lib/device';
import { formatFen } from '@/lib/money';
import { screenHref } from '@/lib/screens';
import { waybillSchema } from '@/lib/validation/fields';
import { formatTime } from '@/components/order/format-time';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { WaybillFields } from '@/components/ui/waybill-fields';
import { PhotoList } from './photo-list';
import { afterSaleKey, type AfterSale } from './types';

/** What happens next in each state, as the shopper should read it. */
const NEXT: Record<AfterSaleStatus, (a: AfterSale) => string> = {
  pending_review: () => `商家将在 ${AFTER_SALE_REVIEW_HOURS} 小时内处理，超时自动同意。`,
  awaiting_return: () => `商家已同意，请在 ${AFTER_SALE_RETURN_DAYS} 天内将商品寄回并填写退货物流，超时申请将自动撤销。`,
  returning: () => '商品寄回中，商家收到后会尽快处理。',
  received: (a) => (a.type === 'exchange' ? '商家已收到退回的商品，将为您换新发出。' : '商家已收到退回的商品，将为您退款。'),
  refunding: () => '退款处理中，款项将原路退回您的支付账户。',
  refunded: () => '退款已原路退回您的支付账户。',
  reshipped: () => `换新商品已发出，收到后请确认收货；${AFTER_SALE_RESHIP_COMPLETE_DAYS} 天后将自动确认。`,
  completed: () => '换货已完成。',
  rejected: () => '商家未同意这次申请，原因见下方。如有疑问请联系客服。',
  cancelled: () => '这次申请已撤销。',
};

function ReturnShipmentForm({ a, onDone }: { a: AfterSale; onDone: (a: AfterSale) => void }) {
  const uid = useId();
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();
  const send = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The API's own rules, so the shopper reads the same message before sending as the server would give.
    const parsed = waybillSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    await submit(async () => onDone(await afterSaleApi.returnShipment<AfterSale>(a.afterSaleNo, parsed.data)));
  };
  return (
    <form className="return-shipment-form" onSubmit={send} noValidate aria-label="退货物流">
      <WaybillFields id={uid} errorId={error ? `${uid}-error` : undefined} />
      {error ? (
        <p id={`${uid}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn" disabled={busy}>
        {busy ? '提交中…' : '提交退货物流'}
      </button>
    </form>
  );
}

export function AfterSaleDetail({ afterSaleNo, device }: { afterSaleNo: string | null; device: Device }) {
  const { data: a, error, mutate } = useSWR<AfterSale>(afterSaleNo ? afterSaleKey(afterSaleNo) : null, swrFetcher<AfterSale>, { shouldRetryOnError: false });
  const { busy, submit } = useSubmit();
  const [confirm, dialog] = useConfirm();
  const listPath = screenHref('afterSales', device);

  if (!afterSaleNo || (error && !a)) {
    return (
      <section className="card empty" role={afterSaleNo ? 'alert' : undefined}>
        <p>{afterSaleNo ? '没有找到这个售后申请，或暂时无法读取。' : '缺少售后单号。'}</p>
        <Link href={listPath} className="btn btn-ghost" prefetch={false}>
          返回售后列表
        </Link>
      </section>
    );
  }
  if (!a)
    return (
      <p className="card empty" aria-busy="true">
        加载中…
      </p>
    );

  const done = (next: AfterSale) => mutate(next, { revalidate: false });
  const act = async (what: 'cancel' | 'confirm', question: string, label: string) => {
    if (busy || !(await confirm(question, label))) return;
    await submit(async () => done(what === 'cancel' ? await afterSaleApi.cancel<AfterSale>(a.afterSaleNo) : await afterSaleApi.confirm<AfterSale>(a.afterSaleNo)));
  };
  const { actions } = a;

  return (
    <div className="order-detail after-sale-detail">
      <section className="card order-head" aria-labelledby="as-status">
        <div className="spread">
          <h2 id="as-status" className="order-status after-sale-status" data-status={a.status}>
            {a.statusLabel}
          </h2>
          <p className="muted small">
            售后单号 <span data-testid="after-sale-no">{a.afterSaleNo}</span>
          </p>
        </div>
        <p>{NEXT[a.status](a)}</p>
        {a.dueAt ? <p className="muted small">处理期限：{formatTime(a.dueAt)}</p> : null}
        {a.status === 'rejected' && a.rejectReason ? <p className="after-sale-reject">拒绝原因：{a.rejectReason}</p> : null}
        {actions.cancel || actions.confirm ? (
          <div className="order-actions">
            {actions.cancel ? (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => act('cancel', '确定撤销这个售后申请吗？撤销后这些商品可以重新申请。', '撤销申请')}>
                撤销申请
              </button>
            ) : null}
            {actions.confirm ? (
              <button type="button" className="btn" disabled={busy} onClick={() => act('confirm', '确认已经收到换新的商品了吗？', '确认收货')}>
                确认收货
              </button>
            ) : null}
          </div>
        ) : null}
      </section>

      {a.returnAddress ? (
        <section className="card" aria-labelledby="as-return">
          <h2 id="as-return">退货地址</h2>
          <div className="spread return-address">
            <p>
              {a.returnAddress.name} {a.returnAddress.tel}
              <br />
              {a.returnAddress.address}
            </p>
            <CopyButton text={`${a.returnAddress.name} ${a.returnAddress.tel} ${a.returnAddress.address}`} />
          </div>
          <p className="muted small">{a.fault === 'shop' ? '商家原因：寄回运费由商家承担，请选择到付或保留运费凭证。' : '寄回运费由您承担，请勿使用到付。'}</p>
          {a.returnShipment ? (
            <p className="small">
              退货物流：{a.returnShipment.carrier} <span className="mono">{a.returnShipment.trackingNo}</span>
            </p>
          ) : null}
          {actions.returnShipment ? <ReturnShipmentForm a={a} onDone={done} /> : null}
        </section>
      ) : null}

      {a.reshipment ? (
        <section className="card" aria-labelledby="as-reship">
          <h2 id="as-reship">换新物流</h2>
          <p>
            {a.reshipment.carrier} <span className="mono">{a.reshipment.trackingNo}</span>
          </p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="as-goods">
        <h2 id="as-goods">售后商品</h2>
        <ul className="order-lines" aria-label="售后商品">
          {a.items.map((l) => (
            <li key={l.orderItemId} className="order-line">
              {l.image ? <img src={l.image} alt="" width={64} height={64} loading="lazy" decoding="async" /> : <span className="order-line-img" />}
              <div className="order-line-text">
                <span>{l.productName}</span>
                <span className="muted small">{l.skuName}</span>
              </div>
              <div className="order-line-money">
                <span>{formatFen(l.priceFen)}</span>
                <span className="muted small">× {l.quantity}</span>
              </div>
            </li>
          ))}
        </ul>
        <dl className="order-totals">
          <div>
            <dt>售后类型</dt>
            <dd>{a.typeLabel}</dd>
          </div>
          {a.type === 'exchange' ? (
            <div>
              <dt>退款金额</dt>
              <dd>换货不涉及退款</dd>
            </div>
          ) : (
            <div className="order-total">
              <dt>退款金额</dt>
              <dd>
                <span className="price">{formatFen(a.refundFen)}</span>
                {a.shippingFen > 0 ? <span className="muted small">（含运费 {formatFen(a.shippingFen)}）</span> : null}
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="as-info">
        <h2 id="as-info">申请信息</h2>
        <dl className="term-list order-facts">
          <div>
            <dt>售后原因</dt>
            <dd>{a.reasonLabel}</dd>
          </div>
          <div>
            <dt>问题描述</dt>
            <dd>{a.description.trim() || '无'}</dd>
          </div>
          <div>
            <dt>订单编号</dt>
            <dd>
              <Link href={screenHref('orderDetail', device, { orderNo: a.orderNo })} prefetch={false}>
                {a.orderNo}
              </Link>
            </dd>
          </div>
          <div>
            <dt>申请时间</dt>
            <dd>{formatTime(a.createdAt)}</dd>
          </div>
        </dl>
        {a.images.length ? (
          <PhotoList images={a.images} />
        ) : null}
      </section>

      <section className="card" aria-labelledby="as-timeline">
        <h2 id="as-timeline">处理进度</h2>
        <ol className="after-sale-timeline">
          {a.timeline.map((t, i) => (
            <li key={i} data-current={i === 0 ? 'true' : undefined}>
              <strong>{t.statusLabel}</strong>
              {t.note ? <span className="small">{t.note}</span> : null}
              <time className="muted small" dateTime={t.createdAt}>
                {formatTime(t.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </section>
      {dialog}
    </div>
  );
}
