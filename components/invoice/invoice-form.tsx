'use client';
/**
 * 申请开票 for one order: 发票类型, 抬头类型, a saved title (常用抬头) to pick, the title, the
 * taxpayer number and registration fields when the title is a company's, the e-mail. Checked by the
 * same zod schema as the API (lib/validation/invoice.ts), each message under its field; an
 * 增值税专用发票 is for companies only, so choosing it selects 单位.
 */
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api/client';
import {
  INVOICE_BANK_ACCOUNT_MAX,
  INVOICE_BANK_NAME_MAX,
  INVOICE_REGISTERED_ADDRESS_MAX,
  INVOICE_REGISTERED_PHONE_MAX,
  INVOICE_TITLE_MAX,
  TAX_NO_LENGTH,
} from '@/lib/domain/invoice-rules';
import { EMAIL_MAX } from '@/lib/domain/account-rules';
import type { Device } from '@/lib/web/device';
import { INVOICE_TITLE_TYPE_LABEL, INVOICE_TITLE_TYPES, INVOICE_TYPE_LABEL, INVOICE_TYPES } from '@/lib/domain/invoice-status';
import { formatFen } from '@/lib/domain/money';
import { screenHref } from '@/lib/domain/screens';
import { INVOICE_FIELD_LABEL, INVOICE_FIELDS, invoiceRequestSchema, SPECIAL_FIELDS, type InvoiceField } from '@/lib/validation/invoice';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useFormState } from '@/components/ui/use-form-state';
import { toFormValues, type InvoiceFormValues } from './form-values';
import type { Invoice, InvoiceTitle } from './types';

type Props = {
  orderNo: string;
  amountFen: number;
  titles: InvoiceTitle[];
  initial: InvoiceFormValues;
  /** Where the new request is shown: /InvoiceDetail or /InvoiceDetailPC. */
  device: Device;
};

export function InvoiceForm({ orderNo, amountFen, titles, initial, device }: Props) {
  const router = useRouter();
  const form = useFormState<InvoiceFormValues, InvoiceField>(initial, INVOICE_FIELDS);
  const { values: v, errors, patch: set, id: fid, input } = form;
  const [saved, setSaved] = useState(titles);
  const [picked, setPicked] = useState('');

  const company = v.titleType === 'company';
  const special = v.invoiceType === 'special';

  function pickTitle(id: string) {
    setPicked(id);
    const t = saved.find((x) => String(x.id) === id);
    if (!t) return;
    set({ ...toFormValues(t), invoiceType: t.titleType === 'personal' ? 'normal' : v.invoiceType });
  }

  /** 删除 the picked saved title: it is gone from the list; what it filled in stays in the form. */
  async function forgetTitle() {
    if (!picked) return;
    try {
      await api.delete<null>(`/invoice-titles/${picked}`);
      setSaved((list) => list.filter((t) => String(t.id) !== picked));
      setPicked('');
    } catch {
      // The API client has shown the server's message as a toast.
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.busy) return;
    const body = { orderNo, ...v };
    if (!form.valid(invoiceRequestSchema.safeParse(body))) return;
    await form.submit(
      async () => {
        const inv = await api.post<Invoice>('/invoices', body);
        router.push(screenHref('invoiceDetail', device, { id: inv.id }));
      },
      { stayBusy: true },
    );
  }

  return (
    <form className="form card invoice-form" onSubmit={onSubmit} noValidate aria-labelledby={fid('heading')}>
      <h2 id={fid('heading')}>填写开票信息</h2>
      <p className="spread invoice-amount">
        <span>开票金额</span>
        <strong className="price">{formatFen(amountFen)}</strong>
      </p>
      <FieldError message={errors.orderNo} alert />

      <ChoiceGroup
        id={fid('invoiceType')}
        legend={INVOICE_FIELD_LABEL.invoiceType}
        options={INVOICE_TYPES}
        labels={INVOICE_TYPE_LABEL}
        value={v.invoiceType}
        onChange={(t) => set(t === 'special' ? { invoiceType: t, titleType: 'company' } : { invoiceType: t })}
        error={errors.invoiceType}
      />

      <ChoiceGroup
        id={fid('titleType')}
        legend={INVOICE_FIELD_LABEL.titleType}
        options={INVOICE_TITLE_TYPES}
        labels={INVOICE_TITLE_TYPE_LABEL}
        value={v.titleType}
        onChange={(t) => set({ titleType: t })}
        disabled={(t) => special && t === 'personal'}
        hint={special ? '增值税专用发票仅限单位抬头。' : null}
        error={errors.titleType}
      />

      {saved.length ? (
        <div className="field">
          <label htmlFor={fid('saved')}>常用抬头</label>
          <select id={fid('saved')} value={picked} onChange={(e) => pickTitle(e.target.value)}>
            <option value="">不使用常用抬头</option>
            {saved.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
                {t.taxNo ? `（${t.taxNo}）` : '（个人）'}
              </option>
            ))}
          </select>
          {picked ? (
            <button type="button" className="btn btn-ghost" onClick={forgetTitle}>
              删除此常用抬头
            </button>
          ) : null}
        </div>
      ) : null}

      <TextField
        label={INVOICE_FIELD_LABEL.title}
        maxLength={INVOICE_TITLE_MAX}
        autoComplete={company ? 'organization' : 'name'}
        placeholder={company ? '单位全称，与营业执照一致' : '个人姓名'}
        aria-required="true"
        {...input('title')}
      />
      {company ? (
        <>
          <TextField
            label={INVOICE_FIELD_LABEL.taxNo}
            maxLength={TAX_NO_LENGTH + 4}
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={`${TAX_NO_LENGTH} 位统一社会信用代码`}
            aria-required="true"
            {...input('taxNo')}
          />
          {SPECIAL_FIELDS.map((f) => (
            <TextField
              key={f}
              label={INVOICE_FIELD_LABEL[f]}
              maxLength={SPECIAL_MAX[f]}
              inputMode={f === 'bankAccount' ? 'numeric' : f === 'registeredPhone' ? 'tel' : undefined}
              hint={special ? undefined : '选填，填写后印在发票上'}
              aria-required={special ? 'true' : undefined}
              {...input(f)}
            />
          ))}
        </>
      ) : null}
      <TextField label={INVOICE_FIELD_LABEL.email} type="email" autoComplete="email" maxLength={EMAIL_MAX} placeholder="name@example.com" hint="电子发票的接收邮箱；开具后也可在发票详情中下载 PDF。" aria-required="true" {...input('email')} />

      <button type="submit" className="btn btn-block" disabled={form.busy} aria-busy={form.busy}>
        提交申请
      </button>
    </form>
  );
}

const SPECIAL_MAX: Record<(typeof SPECIAL_FIELDS)[number], number> = {
  registeredAddress: INVOICE_REGISTERED_ADDRESS_MAX,
  registeredPhone: INVOICE_REGISTERED_PHONE_MAX,
  bankName: INVOICE_BANK_NAME_MAX,
  bankAccount: INVOICE_BANK_ACCOUNT_MAX + 8, // spaces between groups of digits are allowed
};
