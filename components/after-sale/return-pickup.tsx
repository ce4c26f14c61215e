'use client';
/**
 * 上门取件 on a return's page (docs/after-sales.md#pickup): 预约上门取件 — where the courier comes (the
 * order's address, 修改 to pick another of the shopper's or to type one), a slot of today or tomorrow
 * (those begun or too near are shown disabled), 确认预约 — then the booking: its state, slot, address,
 * the courier's name and phone once one took it, the waybill, and 取消预约 (one step) until the courier
 * collects. In demo mode 「模拟快递员」 takes the courier's next step, and once collected the parcel's.
 */
import { useId, useState } from 'react';
import useSWR, { mutate } from 'swr';
import { afterSaleApi, pickupPath, swrFetcher } from '@/lib/api/client';
import { PICKUP_LEAD_MINUTES } from '@/lib/domain/after-sale-rules';
import { formatFen } from '@/lib/domain/money';
import type { PickupDay } from '@/lib/domain/pickup';
import { ADDRESS_DETAIL_MAX, ADDRESS_NAME_MAX } from '@/lib/domain/address-rules';
import { PHONE_MAX } from '@/lib/domain/account-rules';
import { addressSchema } from '@/lib/validation/address';
import type { PickupOptions } from '@/lib/server/flows/return-pickup';
import { AddressText } from '@/components/address/address-card';
import { RegionPicker, type Region } from '@/components/address/region-picker';
import { CopyButton } from '@/components/ui/copy-button';
import { TextField } from '@/components/ui/text-field';
import { useSubmit } from '@/components/ui/use-form-state';
import type { AfterSale } from './types';

type Snapshot = { name: string; tel: string; province: string; city: string; county: string; areaCode: string; addressDetail: string };
/** Where the courier comes: the order's address, one of the shopper's, or one typed here. */
type Where = { kind: 'order' } | { kind: 'saved'; id: number } | { kind: 'typed' };

/** 「明天（11月29日）」 */
const dayName = (s: { dayLabel: string; date: string }) => `${s.dayLabel}（${Number(s.date.slice(5, 7))}月${Number(s.date.slice(8, 10))}日）`;

const BLANK: Snapshot = { name: '', tel: '', province: '', city: '', county: '', areaCode: '', addressDetail: '' };

function AddressFields({ value, onChange }: { value: Snapshot; onChange: (v: Snapshot) => void }) {
  const uid = useId();
  return (
    <div className="pickup-address-fields">
      <TextField id={`${uid}-name`} label="联系人" autoComplete="name" maxLength={ADDRESS_NAME_MAX} value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      <TextField id={`${uid}-tel`} label="联系电话" type="tel" inputMode="tel" autoComplete="tel" maxLength={PHONE_MAX} value={value.tel} onChange={(e) => onChange({ ...value, tel: e.target.value })} />
      <RegionPicker id={`${uid}-area`} value={value} onChange={(r: Region) => onChange({ ...value, ...r })} />
      <div className="field">
        <label htmlFor={`${uid}-detail`}>详细地址</label>
        <textarea id={`${uid}-detail`} maxLength={ADDRESS_DETAIL_MAX} placeholder="街道、小区、楼栋与门牌号" value={value.addressDetail} onChange={(e) => onChange({ ...value, addressDetail: e.target.value })} />
      </div>
    </div>
  );
}

function PickupForm({ a, onDone, onClose }: { a: AfterSale; onDone: (a: AfterSale) => void; onClose: () => void }) {
  const uid = useId();
  const { data: o, error: loadError } = useSWR<PickupOptions>(pickupPath(a.afterSaleNo), swrFetcher<PickupOptions>, { shouldRetryOnError: false });
  const [where, setWhere] = useState<Where>({ kind: 'order' });
  const [choosing, setChoosing] = useState(false);
  const [typed, setTyped] = useState<Snapshot>(BLANK);
  const [day, setDay] = useState<PickupDay | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useSubmit();

  if (loadError) return <p role="alert">暂时无法读取可预约的时段，请稍后重试。</p>;
  if (!o) return <p aria-busy="true">加载中…</p>;
  // Today's slots may all be past: tomorrow is then the day shown first.
  const todayOpen = o.slots.some((s) => s.day === 'today' && s.open);
  const shownDay: PickupDay = day ?? (todayOpen ? 'today' : 'tomorrow');
  const shown = o.slots.filter((s) => s.day === shownDay);
  const chosen = shown.find((s) => s.start === start && s.open) ?? null;
  const saved = where.kind === 'saved' ? o.addresses.find((x) => x.id === where.id) : undefined;
  const current = where.kind === 'order' ? o.orderAddress : where.kind === 'saved' ? (saved ?? null) : null;

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return setError('请选择上门时段');
    let address: Record<string, string> | undefined;
    if (where.kind === 'typed') {
      const parsed = addressSchema.safeParse({ ...typed, isDefault: false });
      if (!parsed.success) return setError(parsed.error.issues[0].message);
      const { isDefault: _d, ...fields } = parsed.data;
      address = fields;
    } else if (!current) return setError('请选择取件地址');
    setError(null);
    const body = { date: chosen.date, start: chosen.start, ...(where.kind === 'saved' ? { addressId: where.id } : {}), ...(address ? { address } : {}) };
    await submit(async () => onDone(await afterSaleApi.bookPickup<AfterSale>(a.afterSaleNo, body)));
  };

  return (
    <form className="pickup-form" onSubmit={send} onChange={() => setError(null)} noValidate aria-label="预约上门取件">
      <div className="field">
        <p className="pickup-term">取件地址</p>
        {current && !choosing ? <AddressText address={current} /> : null}
        {where.kind === 'typed' && !choosing ? <p className="muted small">使用下方填写的地址</p> : null}
        {!choosing ? (
          <button type="button" className="btn btn-ghost pickup-change" onClick={() => setChoosing(true)}>
            修改
          </button>
        ) : (
          <fieldset className="pickup-addresses">
            <legend>选择取件地址</legend>
            {o.orderAddress ? (
              <label className="choice pickup-address-choice">
                <input type="radio" name={`${uid}-where`} checked={where.kind === 'order'} onChange={() => (setWhere({ kind: 'order' }), setChoosing(false))} />
                <div>
                  <span className="small">订单收货地址</span>
                  <AddressText address={o.orderAddress} />
                </div>
              </label>
            ) : null}
            {o.addresses.map((x) => (
              <label key={x.id} className="choice pickup-address-choice">
                <input type="radio" name={`${uid}-where`} checked={where.kind === 'saved' && where.id === x.id} onChange={() => (setWhere({ kind: 'saved', id: x.id }), setChoosing(false))} />
                <AddressText address={x} isDefault={x.isDefault} />
              </label>
            ))}
            <label className="choice pickup-address-choice">
              <input
                type="radio"
                name={`${uid}-where`}
                checked={where.kind === 'typed'}
                onChange={() => {
                  setWhere({ kind: 'typed' });
                  setTyped((t) => (t.name ? t : { ...(current ?? BLANK) }));
                  setChoosing(false);
                }}
              />
              填写其他地址
            </label>
          </fieldset>
        )}
        {where.kind === 'typed' && !choosing ? <AddressFields value={typed} onChange={setTyped} /> : null}
      </div>

      <fieldset className="pickup-days">
        <legend>上门日期</legend>
        {(['today', 'tomorrow'] as const).map((d) => (
          <label key={d} className="choice-card" data-checked={shownDay === d ? 'true' : undefined}>
            <input type="radio" className="sr-only" name={`${uid}-day`} checked={shownDay === d} disabled={d === 'today' && !todayOpen} onChange={() => (setDay(d), setStart(null))} />
            {dayName(o.slots.find((s) => s.day === d)!)}
          </label>
        ))}
      </fieldset>
      <fieldset className="pickup-slots" aria-describedby={`${uid}-slot-hint`}>
        <legend>上门时段</legend>
        {shown.map((s) => (
          <label key={s.start} className="choice-card" data-checked={chosen?.start === s.start ? 'true' : undefined} data-disabled={s.open ? undefined : 'true'}>
            <input type="radio" className="sr-only" name={`${uid}-slot`} value={s.start} checked={chosen?.start === s.start} disabled={!s.open} onChange={() => setStart(s.start)} />
            {s.start}–{s.end}
          </label>
        ))}
        <p id={`${uid}-slot-hint`} className="muted small">
          北京时间；已开始或 {PICKUP_LEAD_MINUTES} 分钟内开始的时段不可预约。由{o.carrier}上门取件，快递员接单后会显示姓名和电话。
        </p>
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="order-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          暂不预约
        </button>
        <button type="submit" className="btn" disabled={busy}>
          {busy ? '提交中…' : '确认预约'}
        </button>
      </div>
    </form>
  );
}

/** The booking as it stands: state, slot, address, courier, waybill. */
function PickupFacts({ p }: { p: NonNullable<AfterSale['pickup']> }) {
  return (
    <dl className="term-list order-facts">
      <div>
        <dt>预约状态</dt>
        <dd data-testid="pickup-state" data-state={p.state}>
          {p.stateLabel}
        </dd>
      </div>
      <div>
        <dt>上门时间</dt>
        <dd>{p.slotLabel}</dd>
      </div>
      <div>
        <dt>取件地址</dt>
        <dd>
          <AddressText address={p.address} />
        </dd>
      </div>
      <div>
        <dt>快递公司</dt>
        <dd>{p.carrier}</dd>
      </div>
      <div>
        <dt>快递员</dt>
        <dd data-testid="pickup-courier">
          {p.courierName ? (
            <>
              {p.courierName} <a href={`tel:${p.courierPhone ?? ''}`}>{p.courierPhone}</a>
            </>
          ) : p.state === 'booked' ? (
            '等待快递员接单'
          ) : (
            '—'
          )}
        </dd>
      </div>
      {p.trackingNo ? (
        <div>
          <dt>运单号</dt>
          <dd>
            <span className="mono" data-testid="pickup-waybill">
              {p.trackingNo}
            </span>{' '}
            <CopyButton text={p.trackingNo} label="运单号" />
          </dd>
        </div>
      ) : null}
      {p.freightFen !== null ? (
        <div>
          <dt>运费</dt>
          <dd>{formatFen(p.freightFen)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

export function ReturnPickup({ a, demo, onDone }: { a: AfterSale; demo: boolean; onDone: (a: AfterSale) => void }) {
  const [open, setOpen] = useState(false);
  const { busy, submit } = useSubmit();
  const p = a.pickup;
  const live = p?.state === 'booked' || p?.state === 'assigned';
  const collected = p?.state === 'collected';
  if (!p && !a.actions.pickup) return null;
  // Once the goods are back at the shop the pickup is history: the request's timeline keeps it.
  if (collected && a.status !== 'returning') return null;
  if (!live && !collected && !a.actions.pickup) return null;

  const cancel = () => submit(async () => onDone(await afterSaleApi.cancelPickup<AfterSale>(a.afterSaleNo)));
  const courier = () =>
    submit(async () => {
      onDone(await afterSaleApi.advancePickup<AfterSale>(a.afterSaleNo));
      // Once collected the courier moves the parcel: its timeline (return-tracking.tsx) is asked again now.
      await mutate(`/aftersales/${encodeURIComponent(a.afterSaleNo)}/tracking`);
    });

  return (
    <section className="card pickup" aria-labelledby="as-pickup">
      <h2 id="as-pickup">上门取件</h2>
      {live || collected ? (
        <>
          <PickupFacts p={p!} />
          {collected ? <p className="muted small">快递员已取走商品，退货物流见下方。</p> : null}
          <div className="order-actions">
            {demo ? (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={courier} title="演示模式：让演示快递员走到下一步">
                模拟快递员
              </button>
            ) : null}
            {live && p!.cancellable ? (
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={cancel}>
                取消预约
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <>
          {p?.state === 'cancelled' || p?.state === 'failed' ? (
            <p className="small" role="status">
              上次预约{p.stateLabel}
              {p.state === 'failed' && p.note ? `：${p.note}` : ''}，可以重新预约。
            </p>
          ) : null}
          {open ? (
            <PickupForm a={a} onDone={(next) => (setOpen(false), onDone(next))} onClose={() => setOpen(false)} />
          ) : (
            <>
              <p className="muted small">不想自己去寄？预约快递员在您选择的时段上门取件，运单号会自动填写。</p>
              <button type="button" className="btn" onClick={() => setOpen(true)}>
                预约上门取件
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}
