'use client';
/**
 * 售后详情 (/AfterSaleDetail, /AfterSaleDetailPC; ?afterSaleNo=): the state and what happens next,
 * the goods and the money, the return address and the waybill form once a return is approved,
 * 撤销申请 and 确认收货 when the state allows them, the photos, and the timeline newest first.
 */
import { ReturnTracking } from './return-tracking';
import { ReturnPickup } from './return-pickup';
import Link from 'next/link';
import { useId, useState } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import useSWR from 'swr';
import { RETURN_SHIPPING_RULE, type AfterSaleStatus } from '@/lib/domain/after-sale';
import { afterSaleApi, swrFetcher } from '@/lib/api/client';
import { AFTER_SALE_RESHIP_COMPLETE_DAYS, AFTER_SALE_RETURN_DAYS, AFTER_SALE_REVIEW_HOURS, RETURN_SHIPPING_CAP_FEN } from '@/lib/domain/after-sale-rules';
import type { Device } from '@/lib/web/device';
import { TRACKING_REFRESH_S } from '@/lib/domain/tracking';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { returnShipmentSchema } from '@/lib/validation/after-sale';
import { formatTime } from '@/components/order/format-time';
import { useConfirm } from '@/components/ui/use-confirm';
import { useSubmit } from '@/components/ui/use-form-state';
import { WaybillFields } from '@/components/ui/waybill-fields';
import { PhotoList } from './photo-list';
import { afterSaleKey, type AfterSale } from './types';
import './after-sale.css';

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
    const fields = Object.fromEntries(new FormData(e.currentTarget));
    const parsed = returnShipmentSchema.safeParse(fields);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    // The fee is sent as typed (yuan); the server reads it by the same rule.
    const body = { carrier: parsed.data.carrier, trackingNo: parsed.data.trackingNo, ...(parsed.data.shippingFee ? { shippingFee: String(fields.shippingFee).trim() } : {}) };
    await submit(async () => onDone(await afterSaleApi.returnShipment<AfterSale>(a.afterSaleNo, body)));
  };
  return (
    // A message about what was typed before goes once the shopper changes it.
    <form className="return-shipment-form" onSubmit={send} onChange={() => setError(null)} noValidate aria-label="退货物流">
      <WaybillFields id={uid} errorId={error ? `${uid}-error` : undefined} />
      {a.fault === 'shop' ? (
        <div className="field">
          <label htmlFor={`${uid}-fee`}>寄回运费（元，选填）</label>
          <input
            id={`${uid}-fee`}
            name="shippingFee"
            inputMode="decimal"
            autoComplete="off"
            placeholder={`如 12.00，最多 ${(RETURN_SHIPPING_CAP_FEN / 100).toFixed(2)}`}
            aria-describedby={`${uid}-fee-hint${error ? ` ${uid}-error` : ''}`}
          />
          <p id={`${uid}-fee-hint`} className="muted small">
            填写您垫付的快递费，商家收货确认后作为运费补偿原路退还，最多 {formatFen(RETURN_SHIPPING_CAP_FEN)}。
          </p>
        </div>
      ) : null}
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

/** 运费补偿: what the shopper stated, what the shop approved, and where the money is. */
function ReturnShippingCard({ r }: { r: NonNullable<AfterSale['returnShipping']> }) {
  const decided =
    r.approvedFen === null ? '商家收货确认后核定' : r.approvedFen === 0 ? '商家不予补偿' : formatFen(r.approvedFen);
  return (
    <section className="card" aria-labelledby="as-shipping">
      <h2 id="as-shipping">运费补偿</h2>
      <dl className="term-list order-facts">
        <div>
          <dt>您垫付的运费</dt>
          <dd>{formatFen(r.statedFen)}</dd>
        </div>
        <div>
          <dt>商家核定</dt>
          <dd>{decided}</dd>
        </div>
        {r.note ? (
          <div>
            <dt>说明</dt>
            <dd>{r.note}</dd>
          </div>
        ) : null}
        {r.refund ? (
          <div>
            <dt>退款状态</dt>
            <dd data-testid="return-shipping-refund">
              运费补偿 {formatFen(r.refund.amountFen)} {r.refund.statusLabel}
              {r.refund.refundedAt ? <span className="muted small">（{formatTime(r.refund.refundedAt)} 原路退回）</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="muted small">运费补偿单独原路退回您的支付账户，不计入商品退款，也不影响发票。</p>
    </section>
  );
}

/** `demo`: the shop runs in demo mode (「模拟快递员」 on a pickup). */
export function AfterSaleDetail({ afterSaleNo, device, demo = false }: { afterSaleNo: string | null; device: Device; demo?: boolean }) {
  const { data: a, error, mutate } = useSWR<AfterSale>(afterSaleNo ? afterSaleKey(afterSaleNo) : null, swrFetcher<AfterSale>, {
    shouldRetryOnError: false,
    // While a courier is booked, the request is asked again so 接单 and 取件 show without a reload.
    refreshInterval: (d) => (d?.pickup && (d.pickup.state === 'booked' || d.pickup.state === 'assigned') ? TRACKING_REFRESH_S * 1000 : 0),
  });
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
          <p className="muted small">{RETURN_SHIPPING_RULE[a.fault]}。</p>
          {a.returnShipment ? (
            <p className="small">
              退货物流：{a.returnShipment.carrier} <span className="mono">{a.returnShipment.trackingNo}</span>
            </p>
          ) : null}
          {actions.returnShipment ? <ReturnShipmentForm a={a} onDone={done} /> : null}
        </section>
      ) : null}

      <ReturnPickup a={a} demo={demo} onDone={done} />

      {a.returnShipment || a.reshipment ? <ReturnTracking key={`${a.returnShipment?.trackingNo}:${a.reshipment?.trackingNo}`} afterSaleNo={a.afterSaleNo} /> : null}

      {a.returnShipping ? <ReturnShippingCard r={a.returnShipping} /> : null}

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
              <dd>{a.returnShipping ? '换货不退货款，运费补偿另退' : '换货不涉及退款'}</dd>
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
              </Link>{' '}
              <Link href={`/Support?afterSaleNo=${encodeURIComponent(a.afterSaleNo)}`} prefetch={false} className="small">
                联系客服
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
