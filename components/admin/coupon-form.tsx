'use client';
/**
 * A coupon template in the console: new, or edited (once issued, the server keeps the rule fixed and
 * says so). Yuan in the form, fen on the wire; times are Beijing time (docs/coupons.md#templates).
 */
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '@/lib/api/client';
import { COUPON_CODE_MAX, COUPON_NAME_MAX } from '@/lib/domain/coupon-rules';
import {
  COUPON_ISSUE_LABEL,
  COUPON_ISSUES,
  COUPON_KIND_LABEL,
  COUPON_KINDS,
  COUPON_SCOPE_LABEL,
  COUPON_SCOPES,
  COUPON_VALIDITIES,
  COUPON_VALIDITY_LABEL,
  type CouponIssue,
  type CouponKind,
} from '@/lib/domain/coupon';
import { fenToYuanString, yuanStringToFen } from '@/lib/domain/money';
import type { AdminCouponTemplate } from '@/lib/server/modules/coupons';
import { couponTemplateSchema } from '@/lib/validation/coupon';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

type Option = { id: number; name: string };
type Scope = (typeof COUPON_SCOPES)[number];
type Validity = (typeof COUPON_VALIDITIES)[number];

/** An instant as a datetime-local value in Beijing time: 2026-12-01T00:00. */
const beijingLocal = (isoAt: string) => new Date(new Date(isoAt).getTime() + 8 * 3600_000).toISOString().slice(0, 16);
/** A datetime-local value read as Beijing time. */
const fromBeijingLocal = (v: string) => (v ? `${v}:00+08:00` : '');
/** Yuan typed → fen; blank → undefined (the rule says whether it is needed); junk → NaN (「必须是数字」). */
const fen = (v: FormDataEntryValue | null) => {
  const s = String(v ?? '').trim();
  return s === '' ? undefined : (yuanStringToFen(s) ?? NaN);
};
const whole = (v: FormDataEntryValue | null) => {
  const s = String(v ?? '').trim();
  return s === '' ? undefined : s;
};

/** The rule of a template as the form would send it. */
function ruleOf(t: AdminCouponTemplate) {
  return {
    kind: t.kind,
    amountFen: t.amountFen ?? undefined,
    thresholdFen: t.kind === 'full_reduction' ? t.thresholdFen : undefined,
    percent: t.percent ?? undefined,
    capFen: t.capFen ?? undefined,
    scope: t.scope,
    validity: t.validity,
    issue: t.issue,
    code: t.code ?? undefined,
  };
}

export function CouponForm({ template, categories, products }: { template?: AdminCouponTemplate; categories: Option[]; products: Option[] }) {
  const router = useRouter();
  const { busy, send, error, valid } = useConsoleSend();
  const [kind, setKind] = useState<CouponKind>(template?.kind ?? 'full_reduction');
  const [scope, setScope] = useState<Scope>(template?.scope.type ?? 'all');
  const [validity, setValidity] = useState<Validity>(template?.validity.type ?? 'days');
  const [issue, setIssue] = useState<CouponIssue>(template?.issue ?? 'claim');
  const ruleFixed = Boolean(template && template.issued > 0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const data = valid(
      couponTemplateSchema.safeParse({
        name: String(f.get('name') ?? ''),
        // Once issued, the rule is the template's own (its fields are shown but not sent as typed).
        ...(ruleFixed ? ruleOf(template!) : ruleFromForm(f)),
        total: whole(f.get('total')) ?? null,
        perUserLimit: whole(f.get('perUserLimit')),
      }),
      '请检查优惠券的设置',
    );
    if (!data) return;
    // The schema's own output is for the server; the wire takes the input as typed (dates as text).
    const body = {
      ...data,
      validity: data.validity.type === 'fixed' ? { type: 'fixed', startAt: data.validity.startAt.toISOString(), endAt: data.validity.endAt.toISOString() } : data.validity,
    };
    if (template) {
      await send(() => api.put(`/admin/coupons/${template.id}`, body), '优惠券已保存');
    } else {
      await send(async () => {
        const made = await api.post<AdminCouponTemplate>('/admin/coupons', body);
        toast.success('优惠券已创建');
        router.push(`/admin/coupons/${made.id}`);
      }, '正在打开');
    }
  }

  function ruleFromForm(f: FormData) {
    return {
      kind,
      amountFen: kind === 'percent' ? undefined : fen(f.get('amount')),
      thresholdFen: kind === 'full_reduction' ? fen(f.get('threshold')) : undefined,
      percent: kind === 'percent' ? whole(f.get('percent')) : undefined,
      capFen: kind === 'percent' ? fen(f.get('cap')) : undefined,
      scope: { type: scope, ids: f.getAll('scopeIds').map(String) },
      validity:
        validity === 'fixed'
          ? { type: 'fixed', startAt: fromBeijingLocal(String(f.get('startAt') ?? '')), endAt: fromBeijingLocal(String(f.get('endAt') ?? '')) }
          : { type: 'days', days: whole(f.get('days')) },
      issue,
      code: issue === 'code' ? whole(f.get('code')) : undefined,
    };
  }

  const options = scope === 'categories' ? categories : scope === 'products' ? products : [];
  return (
    <form className="form stack" onSubmit={onSubmit} noValidate aria-label={template ? `编辑 ${template.name}` : '新建优惠券'}>
      {ruleFixed ? <p className="notice">该券已发放 {template!.issued} 张：面额、门槛、适用范围、有效期和发放方式不能再改，可修改名称、发放总量和每人限领。</p> : null}
      <div className="field">
        <label htmlFor="coupon-name">券名称</label>
        <input id="coupon-name" name="name" maxLength={COUPON_NAME_MAX} defaultValue={template?.name} placeholder="例如：耳机专享 满 999 减 100" />
      </div>
      <ChoiceGroup id="coupon-kind" legend="券类型" options={COUPON_KINDS} labels={COUPON_KIND_LABEL} value={kind} onChange={setKind} disabled={() => ruleFixed} />
      <div className="grid grid-2">
        {kind === 'percent' ? (
          <>
            <div className="field">
              <label htmlFor="coupon-percent">折扣（减免百分比，15 即 8.5 折）</label>
              <input id="coupon-percent" name="percent" inputMode="numeric" defaultValue={template?.percent ?? ''} disabled={ruleFixed} />
            </div>
            <div className="field">
              <label htmlFor="coupon-cap">最高减免（元，选填）</label>
              <input id="coupon-cap" name="cap" inputMode="decimal" defaultValue={template?.capFen ? fenToYuanString(template.capFen) : ''} disabled={ruleFixed} />
            </div>
          </>
        ) : (
          <div className="field">
            <label htmlFor="coupon-amount">减免金额（元）</label>
            <input id="coupon-amount" name="amount" inputMode="decimal" defaultValue={template?.amountFen ? fenToYuanString(template.amountFen) : ''} disabled={ruleFixed} />
          </div>
        )}
        {kind === 'full_reduction' ? (
          <div className="field">
            <label htmlFor="coupon-threshold">使用门槛（满多少元可用）</label>
            <input id="coupon-threshold" name="threshold" inputMode="decimal" defaultValue={template?.thresholdFen ? fenToYuanString(template.thresholdFen) : ''} disabled={ruleFixed} />
          </div>
        ) : null}
      </div>
      <ChoiceGroup id="coupon-scope" legend="适用范围" options={COUPON_SCOPES} labels={COUPON_SCOPE_LABEL} value={scope} onChange={setScope} disabled={() => ruleFixed} />
      {options.length ? (
        <fieldset className="choice-group">
          <legend>{scope === 'categories' ? '选择分类' : '选择商品'}</legend>
          {options.map((o) => (
            <label key={o.id} className="choice">
              <input type="checkbox" name="scopeIds" value={o.id} defaultChecked={template?.scope.ids.includes(o.id)} disabled={ruleFixed} />
              {o.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <ChoiceGroup id="coupon-validity" legend="有效期" options={COUPON_VALIDITIES} labels={COUPON_VALIDITY_LABEL} value={validity} onChange={setValidity} disabled={() => ruleFixed} />
      {validity === 'fixed' ? (
        <div className="grid grid-2">
          <div className="field">
            <label htmlFor="coupon-start">开始时间（北京时间）</label>
            <input id="coupon-start" name="startAt" type="datetime-local" defaultValue={template?.validity.type === 'fixed' ? beijingLocal(template.validity.startAt) : ''} disabled={ruleFixed} />
          </div>
          <div className="field">
            <label htmlFor="coupon-end">结束时间（北京时间）</label>
            <input id="coupon-end" name="endAt" type="datetime-local" defaultValue={template?.validity.type === 'fixed' ? beijingLocal(template.validity.endAt) : ''} disabled={ruleFixed} />
          </div>
        </div>
      ) : (
        <div className="field">
          <label htmlFor="coupon-days">领取后有效天数</label>
          <input id="coupon-days" name="days" inputMode="numeric" defaultValue={template?.validity.type === 'days' ? template.validity.days : 7} disabled={ruleFixed} />
        </div>
      )}
      <div className="grid grid-2">
        <div className="field">
          <label htmlFor="coupon-total">发放总量（张，留空为不限）</label>
          <input id="coupon-total" name="total" inputMode="numeric" defaultValue={template?.total ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="coupon-limit">每人限领（张）</label>
          <input id="coupon-limit" name="perUserLimit" inputMode="numeric" defaultValue={template?.perUserLimit ?? 1} />
        </div>
      </div>
      <ChoiceGroup id="coupon-issue" legend="发放方式" options={COUPON_ISSUES} labels={COUPON_ISSUE_LABEL} value={issue} onChange={setIssue} disabled={() => ruleFixed} />
      {issue === 'code' ? (
        <div className="field">
          <label htmlFor="coupon-code">公开优惠码（选填：不填则只用下方生成的一次性兑换码）</label>
          <input id="coupon-code" name="code" maxLength={COUPON_CODE_MAX} defaultValue={template?.code ?? ''} disabled={ruleFixed} />
        </div>
      ) : null}
      <FieldError message={error} alert />
      <div>
        <button type="submit" className="btn" disabled={busy}>
          {template ? '保存' : '创建优惠券'}
        </button>
      </div>
    </form>
  );
}
