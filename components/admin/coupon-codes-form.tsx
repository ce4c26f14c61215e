'use client';
/**
 * 生成兑换码: a batch of single-use codes, downloaded as CSV at once. The shop keeps only their
 * hashes, so this download is the one copy (docs/coupons.md#codes).
 */
import type { FormEvent } from 'react';
import { api } from '@/lib/api/client';
import { COUPON_CODES_PER_BATCH } from '@/lib/domain/coupon-rules';
import { codeBatchSchema } from '@/lib/validation/coupon';
import { FieldError } from '@/components/ui/text-field';
import { useConsoleSend } from './use-console-send';

/** Saves a response's body under the name its Content-Disposition gives (or `fallback`). */
async function save(res: Response, fallback: string) {
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallback;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function CouponCodesForm({ templateId }: { templateId: number }) {
  const { busy, send, error, valid } = useConsoleSend();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = valid(codeBatchSchema.safeParse({ count: String(new FormData(e.currentTarget).get('count') ?? '').trim() }), '请填写数量');
    if (!data) return;
    await send(async () => save(await api.download(`/admin/coupons/${templateId}/codes`, data), `coupon-${templateId}-codes.csv`), `已生成 ${data.count} 个兑换码，请妥善保存下载的文件`);
  }

  return (
    <form className="form stack" onSubmit={onSubmit} noValidate aria-label="生成兑换码">
      <p className="muted small">每个兑换码只能兑换一次。系统只保存兑换码的摘要，下载的 CSV 是唯一的一份，请妥善保存。</p>
      <div className="field">
        <label htmlFor="codes-count">数量（1–{COUPON_CODES_PER_BATCH} 个）</label>
        <input id="codes-count" name="count" inputMode="numeric" defaultValue={100} />
      </div>
      <FieldError message={error} alert />
      <div>
        <button type="submit" className="btn btn-sm" disabled={busy}>
          生成并下载 CSV
        </button>
      </div>
    </form>
  );
}
