'use client';
/**
 * 申请售后 (/AfterSaleApply, /AfterSaleApplyPC; ?orderNo=&item=): the lines with what is left of each,
 * the type open at their stage, the reason, a description and up to three photos. The refund is
 * asked of the server on every change (POST /aftersales/preview), so the shopper sees the amount, or
 * the rule the request breaks, before submitting; 提交申请 opens the new request. When no line may be
 * asked for now, no form: each line's reason and when (nothing-to-ask.tsx).
 */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useState } from 'react';
import useSWR from 'swr';
import { RETURN_SHIPPING_RULE, SHOP_FAULT_SHIPPING, type AfterSaleType } from '@/lib/domain/after-sale';
import { AFTER_SALE_DESCRIPTION_MAX } from '@/lib/domain/after-sale-rules';
import { afterSaleApi, ApiError, swrFetcher, type Upload } from '@/lib/api/client';
import type { Device } from '@/lib/web/device';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { QuantityStepper } from '@/components/cart/quantity-stepper';
import { formatDay } from '@/components/order/format-time';
import { OrderState } from '@/components/order/order-state';
import { useSubmit } from '@/components/ui/use-form-state';
import { BlockedReason, NothingToAsk } from './nothing-to-ask';
import { PhotoPicker } from './photo-picker';
import type { AfterSale, AfterSaleOptions, AfterSalePreview } from './types';
import './after-sale.css';

type Line = AfterSaleOptions['lines'][number];
type Props = { orderNo: string | null; item: number | null; device: Device };

/** What a shop-fault reason means for the money, in the words of what the chosen type does. */
const shopFaultHint = (type: AfterSaleType) => `商家原因：${SHOP_FAULT_SHIPPING[type]}；${RETURN_SHIPPING_RULE.shop}`;

/** Why a line cannot be chosen now (the server's reason, with its request), or null when it can. */
function unavailable(line: Line, stage: string | null, device: Device) {
  if (line.blocked) return <BlockedReason blocked={line.blocked} device={device} />;
  // Goods and activation codes, or goods at different stages, are asked for in separate requests.
  if (stage && line.stage !== stage) return '需与已选商品分开申请';
  return null;
}

export function AfterSaleForm({ orderNo, item, device }: Props) {
  const router = useRouter();
  const uid = useId();
  const key = orderNo ? `/orders/${encodeURIComponent(orderNo)}/aftersale` : null;
  const { data: options, error } = useSWR<AfterSaleOptions>(key, swrFetcher<AfterSaleOptions>, { shouldRetryOnError: false, revalidateOnFocus: false });
  const backPath = orderNo ? screenHref('orderDetail', device, { orderNo }) : screenHref('orders', device);

  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [type, setType] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<Upload[]>([]);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<{ key: string; data?: AfterSalePreview; message?: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  // The first time the options arrive: the line the shopper came from (?item=) — never another line in
  // its place (when it cannot be asked for now, its row says why) — or, from the order, the only one left.
  const [started, setStarted] = useState(false);
  if (options && !started) {
    setStarted(true);
    const open = options.lines.filter((l) => l.available > 0);
    const first = item !== null ? open.find((l) => l.orderItemId === item) : open.length === 1 ? open[0] : undefined;
    if (first) setChosen({ [first.orderItemId]: first.available });
  }

  const chosenIds = Object.keys(chosen).map(Number);
  const chosenStage = options?.lines.find((l) => chosen[l.orderItemId] !== undefined)?.stage ?? null;
  // Before a line is ticked the types of the first line that may be asked for are shown, so the form reads whole.
  const stage = chosenStage ?? options?.lines.find((l) => l.available > 0)?.stage ?? null;
  const types = useMemo(() => (stage && options ? (options.stages[stage] ?? []) : []), [stage, options]);
  const typeNow = types.find((t) => t.type === type) ?? types[0];
  const reasonNow = typeNow?.reasons.find((r) => r.reason === reason) ?? null;

  const items = chosenIds.map((id) => ({ orderItemId: id, quantity: chosen[id] }));
  const draft = orderNo && typeNow && reasonNow && items.length ? { orderNo, type: typeNow.type, reason: reasonNow.reason, items } : null;
  const draftKey = draft ? JSON.stringify(draft) : '';

  useEffect(() => {
    if (!draftKey) return;
    let live = true;
    afterSaleApi
      .preview<AfterSalePreview>(JSON.parse(draftKey))
      .then((data) => live && setPreview({ key: draftKey, data }))
      .catch((e: unknown) => live && setPreview({ key: draftKey, message: e instanceof ApiError ? e.message : '暂时无法计算退款金额' }));
    return () => {
      live = false;
    };
  }, [draftKey]);

  if (!orderNo) return <OrderState kind="missing" back={screenHref('orders', device)} />;
  if (error && !options) return <OrderState kind="error" back={screenHref('orders', device)} />;
  if (!options) return <OrderState kind="loading" back={backPath} />;

  const toggle = (l: Line, on: boolean) => {
    setFormError(null);
    setChosen((c) => {
      const next = { ...c };
      if (on) next[l.orderItemId] = l.available;
      else delete next[l.orderItemId];
      return next;
    });
  };

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!items.length) return setFormError('请选择要退换的商品');
    if (!typeNow) return setFormError('所选商品当前不能申请售后');
    if (!reasonNow) return setFormError('请选择售后原因');
    setFormError(null);
    await submit(
      async () => {
        const made = await afterSaleApi.create<AfterSale>({ ...draft!, description: description.trim(), imageIds: photos.map((p) => p.id) });
        router.push(screenHref('afterSaleDetail', device, { afterSaleNo: made.afterSaleNo }));
      },
      { stayBusy: true },
    );
  };

  const shown = preview && preview.key === draftKey ? preview : null;
  const anyOpen = options.lines.some((l) => l.available > 0);
  // Nothing may be asked for now: no form, but each line's reason and when it may be asked for.
  if (!anyOpen) return <NothingToAsk options={options} device={device} backPath={backPath} />;

  return (
    <form className="after-sale-form" onSubmit={send} noValidate>
      <section className="card" aria-labelledby={`${uid}-lines`}>
        <div className="spread">
          <h2 id={`${uid}-lines`}>选择商品</h2>
          <span className="muted small">
            订单 <Link href={backPath} prefetch={false}>{options.orderNo}</Link> · {options.orderStatusLabel}
          </span>
        </div>
        <ul className="after-sale-lines">
          {options.lines.map((l) => {
            const why = unavailable(l, chosenStage, device);
            const on = chosen[l.orderItemId] !== undefined;
            return (
              <li key={l.orderItemId} className="after-sale-line" data-disabled={why ? 'true' : undefined}>
                <input
                  type="checkbox"
                  id={`${uid}-l${l.orderItemId}`}
                  checked={on}
                  disabled={Boolean(why) && !on}
                  onChange={(e) => toggle(l, e.target.checked)}
                  aria-describedby={why ? `${uid}-w${l.orderItemId}` : undefined}
                />
                {l.image ? <img src={l.image} alt="" width={56} height={56} loading="lazy" decoding="async" /> : <span className="order-line-img" />}
                <label htmlFor={`${uid}-l${l.orderItemId}`} className="after-sale-line-text">
                  <span>{l.productName}</span>
                  <span className="muted small">
                    {l.skuName} · {formatFen(l.priceFen)} × {l.quantity}
                  </span>
                  {why ? (
                    <span id={`${uid}-w${l.orderItemId}`} className="small after-sale-why">
                      {why}
                    </span>
                  ) : (
                    <span className="muted small">可申请 {l.available} 件</span>
                  )}
                </label>
                {on && l.available > 1 ? (
                  <QuantityStepper
                    value={chosen[l.orderItemId]}
                    max={l.available}
                    label={`${l.productName} 的退换数量`}
                    onCommit={(q) => setChosen((c) => ({ ...c, [l.orderItemId]: q }))}
                  />
                ) : on ? (
                  <span className="small">× 1</span>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {typeNow ? (
        <section className="card" aria-labelledby={`${uid}-type`}>
          <fieldset className="choice-group after-sale-choices">
            <legend id={`${uid}-type`}>售后类型</legend>
            {types.map((t) => (
              <label key={t.type} className="choice-card" data-checked={t.type === typeNow.type ? 'true' : undefined}>
                <input
                  type="radio"
                  name={`${uid}-type`}
                  value={t.type}
                  checked={t.type === typeNow.type}
                  onChange={() => {
                    setType(t.type);
                    setReason(null);
                  }}
                />
                {t.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="choice-group after-sale-reasons" aria-describedby={reasonNow?.fault === 'shop' ? `${uid}-fault` : undefined}>
            <legend>售后原因</legend>
            {typeNow.reasons.map((r) => (
              <label key={r.reason} className="choice">
                <input type="radio" name={`${uid}-reason`} value={r.reason} checked={r.reason === reasonNow?.reason} onChange={() => setReason(r.reason)} />
                {r.label}
                {r.until ? <span className="muted small">（{formatDay(r.until)} 前可申请）</span> : null}
              </label>
            ))}
            {reasonNow?.fault === 'shop' ? (
              <p id={`${uid}-fault`} className="small after-sale-hint">
                {shopFaultHint(typeNow.type as AfterSaleType)}
              </p>
            ) : null}
          </fieldset>
        </section>
      ) : null}

      <section className="card" aria-labelledby={`${uid}-desc-title`}>
        <h2 id={`${uid}-desc-title`}>问题描述</h2>
        <div className="field">
          <label htmlFor={`${uid}-desc`} className="sr-only">
            问题描述
          </label>
          <textarea
            id={`${uid}-desc`}
            value={description}
            maxLength={AFTER_SALE_DESCRIPTION_MAX}
            placeholder="请描述遇到的问题，便于商家尽快处理（选填）"
            onChange={(e) => setDescription(e.target.value.slice(0, AFTER_SALE_DESCRIPTION_MAX))}
            aria-describedby={`${uid}-count`}
          />
          <p id={`${uid}-count`} className="muted small after-sale-count" aria-live="polite">
            {description.length}/{AFTER_SALE_DESCRIPTION_MAX}
          </p>
        </div>
        <PhotoPicker photos={photos} onChange={setPhotos} max={options.photosMax} noun="凭证" title="上传凭证" onUploading={setUploading} />
      </section>

      <section className="card after-sale-submit" aria-live="polite">
        <p className="after-sale-refund" data-testid="after-sale-refund">
          {!draft ? (
            <span className="muted">选择商品和售后原因后显示预计退款金额</span>
          ) : typeNow?.type === 'exchange' && !shown?.message ? (
            '换货不涉及退款'
          ) : shown?.data ? (
            <>
              预计退款 <span className="price">{formatFen(shown.data.refundFen)}</span>
              {shown.data.shippingFen > 0 ? `（含运费 ${formatFen(shown.data.shippingFen)}）` : null}
            </>
          ) : shown?.message ? (
            <span className="field-error">{shown.message}</span>
          ) : (
            <span className="muted">正在计算退款金额…</span>
          )}
        </p>
        {formError ? (
          <p className="field-error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-block" disabled={busy || uploading || Boolean(shown?.message)}>
          {busy ? '提交中…' : '提交申请'}
        </button>
      </section>
    </form>
  );
}
