'use client';
/**
 * 优惠券 on the checkout: the coupon the server chose (the best, unless the shopper picked another
 * or none), the list to pick from — usable ones with what they take off, the others with why not,
 * each with its 有效期至 — and 请输入优惠码 to add one by its code (docs/coupons.md#discount). When none
 * applies the summary says how many do not (「1 张不可用」) and why, never 「暂无优惠券」.
 */
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import { COUPON_CODE_MAX } from '@/lib/domain/coupon-rules';
import { formatFen } from '@/lib/domain/money';
import { shopDateTime } from '@/lib/domain/shop-time';
import type { CheckoutCoupon } from '@/lib/server/modules/coupons';
import type { MyCoupon } from '@/lib/server/modules/coupons';

/** 有效期至 2026-12-03 15:12, in Beijing time. */
const until = (c: CheckoutCoupon) => `有效期至 ${shopDateTime(new Date(c.endsAt)).slice(0, 16)}`;
/** What a row shows: two copies of one template ending in the same minute read the same. */
const looks = (c: CheckoutCoupon) => [c.name, c.face, c.condition, c.scopeText, until(c)].join('|');

/** Each row's last line: its validity, and the coupon's number where another row would read the same. */
function rowNotes(coupons: CheckoutCoupon[]): Map<number, string> {
  const seen = new Map<string, number>();
  for (const c of coupons) seen.set(looks(c), (seen.get(looks(c)) ?? 0) + 1);
  return new Map(coupons.map((c) => [c.id, seen.get(looks(c))! > 1 ? `${until(c)} · 券号 ${c.id}` : until(c)]));
}

type Props = {
  coupons: CheckoutCoupon[];
  chosen: CheckoutCoupon | null;
  /** What the shopper ticked (shown at once, while the totals are priced again); undefined: the server's choice. */
  selected: number | null | undefined;
  discountFen: number;
  /** A coupon's id, null for 不使用优惠券. */
  onChoose: (id: number | null) => void;
  disabled?: boolean;
};

export function CouponPicker({ coupons, chosen, selected, discountFen, onChoose, disabled }: Props) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const usable = coupons.filter((c) => c.usable);
  const notes = rowNotes(coupons);
  const ticked = selected === undefined ? (chosen?.id ?? null) : selected;

  async function redeem(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!code.trim()) {
      toast.error('请输入优惠码');
      return;
    }
    setBusy(true);
    try {
      const got = await api.post<MyCoupon>('/coupons/redeem', { code });
      toast.success('兑换成功');
      setCode('');
      onChoose(got.id);
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  }

  // A coupon the order cannot use is still the shopper's: counted and explained, never 「暂无优惠券」.
  const unusable = coupons.filter((c) => !c.usable);
  const summary = chosen
    ? `${chosen.name} -${formatFen(discountFen)}`
    : usable.length
      ? `${usable.length} 张可用，未使用`
      : unusable.length
        ? `${unusable.length} 张不可用`
        : '暂无优惠券';
  // With none usable, why not is said before the list is opened (the first coupon's reason; each row says its own).
  const why = !chosen && !usable.length && unusable.length ? `${unusable[0].name}：${unusable[0].reason ?? '不满足使用条件'}${unusable.length > 1 ? ` 等 ${unusable.length} 张` : ''}` : null;
  return (
    <section className="card coupon-picker" aria-labelledby={`${uid}-title`}>
      <div className="spread">
        <h2 id={`${uid}-title`} className="coupon-picker-title">
          优惠券
        </h2>
        <button type="button" className="link-btn" aria-expanded={open} aria-controls={`${uid}-list`} onClick={() => setOpen(!open)}>
          <span className={chosen ? 'price' : 'muted'}>{summary}</span> {open ? '收起' : '选择'}
        </button>
      </div>
      {why && !open ? <p className="muted small coupon-picker-why">{why}</p> : null}
      {open ? (
        <div id={`${uid}-list`} className="stack">
          <fieldset className="coupon-options" disabled={disabled}>
            <legend className="sr-only">选择优惠券</legend>
            {coupons.map((c) => (
              <label key={c.id} className={c.usable ? 'coupon-option' : 'coupon-option coupon-option-off'}>
                <input type="radio" name={`${uid}-coupon`} checked={ticked === c.id} disabled={!c.usable} onChange={() => onChoose(c.id)} />
                <span>
                  <strong>{c.face}</strong> {c.name}
                  <span className="muted small">
                    {' '}
                    {c.condition} · {c.scopeText}
                  </span>
                  {c.usable ? <span className="price small"> 可减 {formatFen(c.discountFen)}</span> : <span className="field-error small"> {c.reason}</span>}
                  <span className="coupon-option-until small">{notes.get(c.id)}</span>
                </span>
              </label>
            ))}
            <label className="coupon-option">
              <input type="radio" name={`${uid}-coupon`} checked={ticked === null} onChange={() => onChoose(null)} />
              <span>不使用优惠券</span>
            </label>
          </fieldset>
          <form className="redeem-form" onSubmit={redeem} noValidate aria-label="兑换优惠码">
            <label htmlFor={`${uid}-code`} className="sr-only">
              优惠码
            </label>
            <input id={`${uid}-code`} value={code} onChange={(e) => setCode(e.target.value)} placeholder="请输入优惠码" maxLength={COUPON_CODE_MAX + 8} autoComplete="off" />
            <button type="submit" className="btn btn-sm btn-ghost" disabled={busy}>
              兑换
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}
