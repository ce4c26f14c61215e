'use client';
/**
 * The /deployment consultation form. Validates with the same leadSchema as POST /api/v1/leads,
 * shows each field's Chinese message under the field, and submits through the one API client
 * (which toasts server errors itself).
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { LEAD_COMPANY_MAX, LEAD_MESSAGE_MAX, LEAD_NAME_MAX } from '@/lib/domain/lead-rules';
import { LEAD_PRODUCTS, leadSchema } from '@/lib/validation/lead';
import { FieldError } from '@/components/ui/text-field';
import { useFormState, type Errors as FieldErrors } from '@/components/ui/use-form-state';

type Field = 'name' | 'company' | 'phone' | 'email' | 'product' | 'seats' | 'message';
type Values = Record<Field, string>;
type Errors = FieldErrors<Field>;

const EMPTY: Values = { name: '', company: '', phone: '', email: '', product: '', seats: '', message: '' };
const ORDER: Field[] = ['name', 'company', 'phone', 'email', 'product', 'seats', 'message'];

/** Used when a rule has no Chinese message of its own (e.g. a union that failed as a whole). */
const FALLBACK: Record<Field, string> = {
  name: '请填写姓名',
  company: '请填写单位名称',
  phone: '请填写正确的电话',
  email: '请填写正确的邮箱',
  product: '请选择意向产品',
  seats: '使用人数请填写 1 以上的整数',
  message: `需求描述不能超过 ${LEAD_MESSAGE_MAX} 个字`,
};

/** The message POST /api/v1/leads answers with (the client resolves with data only). */
const SUCCESS = '提交成功，专属顾问将在一个工作日内与您联系';

const HAN = /[\u4e00-\u9fff]/;

function validate(values: Values) {
  const result = leadSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (ORDER.includes(field) && !errors[field]) errors[field] = HAN.test(issue.message) ? issue.message : FALLBACK[field];
  }
  return { data: null, errors };
}

export function LeadForm() {
  const form = useFormState<Values, Field>(EMPTY, ORDER);
  const { values, errors } = form;
  const [tried, setTried] = useState(false);
  // The request's number once accepted (0 when the answer had none): shown above the form until the next 提交.
  const [done, setDone] = useState<number | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // The 提交 button is at the form's foot, the answer at its head: bring the answer (and its number) into view.
  useEffect(() => {
    if (done === null) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    doneRef.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
    doneRef.current?.focus({ preventScroll: true });
  }, [done]);

  const errorIdOf = (f: Field) => `${form.id(f)}-error`;

  // After a first 提交, every change checks the whole form again (a fixed field loses its message).
  function onChange(e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
    const next = { ...values, [e.target.name]: e.target.value };
    form.setValues(next);
    if (tried) form.setErrors(validate(next).errors);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (form.busy) return;
    setTried(true);
    setDone(null);
    const { data, errors: found } = validate(values);
    if (!form.check(found) || !data) return;
    // A refusal keeps the form's values (the API client toasted why).
    await form.submit(async () => {
      const lead = await api.post<{ id: number }>('/leads', data);
      setDone(lead?.id ?? 0);
      form.setValues(EMPTY);
      form.setErrors({});
      setTried(false);
    });
  }

  /** The props every control shares: id, name, value and its error wiring. */
  const control = (f: Field) => ({
    id: form.id(f),
    name: f,
    value: values[f],
    onChange,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? errorIdOf(f) : undefined,
  });

  const error = (f: Field) => <FieldError id={errorIdOf(f)} message={errors[f]} />;

  const label = (f: Field, text: string, required: boolean) => (
    <label htmlFor={form.id(f)}>
      {text}
      {required ? <span className="help-required"> *</span> : <span className="muted small">（选填）</span>}
    </label>
  );

  return (
    <form className="form help-lead-form" onSubmit={onSubmit} noValidate>
      <div role="status" aria-live="polite">
        {done !== null ? (
          <div ref={doneRef} tabIndex={-1} className="notice help-notice-ok lead-done">
            <p>{SUCCESS}</p>
            {done ? (
              <p>
                受理编号 <strong className="lead-no">{done}</strong>
                <span className="muted small">（咨询进度时请提供此编号）</span>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="muted small">带 * 的为必填项。</p>
      <div className="grid grid-2">
        <div className="field">
          {label('name', '姓名', true)}
          <input {...control('name')} autoComplete="name" maxLength={LEAD_NAME_MAX} aria-required="true" />
          {error('name')}
        </div>
        <div className="field">
          {label('company', '单位名称', true)}
          <input {...control('company')} autoComplete="organization" maxLength={LEAD_COMPANY_MAX} aria-required="true" />
          {error('company')}
        </div>
        <div className="field">
          {label('phone', '电话', true)}
          <input {...control('phone')} type="tel" autoComplete="tel" inputMode="tel" aria-required="true" />
          {error('phone')}
        </div>
        <div className="field">
          {label('email', '邮箱', false)}
          <input {...control('email')} type="email" autoComplete="email" />
          {error('email')}
        </div>
        <div className="field">
          {label('product', '意向产品', true)}
          <select {...control('product')} aria-required="true">
            <option value="">请选择</option>
            {LEAD_PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {error('product')}
        </div>
        <div className="field">
          {label('seats', '使用人数', false)}
          <input {...control('seats')} type="number" min={1} step={1} inputMode="numeric" />
          {error('seats')}
        </div>
      </div>
      <div className="field">
        {label('message', '需求描述', false)}
        <textarea
          {...control('message')}
          maxLength={LEAD_MESSAGE_MAX}
          rows={5}
          placeholder="例如：约 800 人使用，要求数据不出内网，希望先部署量子邮箱，再逐步接入量子身份单点登录。"
        />
        {error('message')}
      </div>
      <div>
        <button type="submit" className="btn" disabled={form.busy}>
          {form.busy ? '提交中…' : '提交需求'}
        </button>
      </div>
    </form>
  );
}
