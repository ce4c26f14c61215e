'use client';
/**
 * 注销账号 (docs/privacy.md#deregistration): what goes and what stays, then an SMS code to the
 * account's own phone (POST /user/deregister-code, refused while something is under way) and
 * 确认注销 (POST /user/deregister). Afterwards the local session is forgotten and the home page says so.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError, api } from '@/lib/api/client';
import { FLASH_SUCCESS_KEY } from '@/lib/web/ui';
import { PRIVACY_PATH } from '@/lib/shop-identity';
import { phoneLoginSchema, SMS_CODE_MESSAGE } from '@/lib/validation/auth';
import { FieldError } from '@/components/ui/text-field';
import { useFormState } from '@/components/ui/use-form-state';
import { useAuthStore } from '@/store/auth';
import { SmsCodeField } from './sms-code-field';
import type { SmsCodeResult } from './types';

const FIELDS = ['code'] as const;
const DEREGISTERED_MESSAGE = '账号已注销：个人资料、收货地址、发票抬头和购物车已删除，所有设备上的登录已失效';
const codeSchema = phoneLoginSchema.shape.code;

export function DeregisterForm({ phone }: { phone: string }) {
  const uid = useId();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useFormState({ code: '' }, FIELDS);

  async function requestCode(): Promise<SmsCodeResult | null> {
    setRefusal(null);
    try {
      return await api.post<SmsCodeResult>('/user/deregister-code');
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err.message);
      throw err;
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (form.busy) return;
    const c = codeSchema.safeParse(form.values.code);
    if (!form.check(c.success ? {} : { code: c.error.issues[0]?.message ?? SMS_CODE_MESSAGE })) return;
    setRefusal(null);
    await form.submit(async () => {
      try {
        await api.post<null>('/user/deregister', { code: c.data });
      } catch (err) {
        if (err instanceof ApiError) setRefusal(err.message);
        throw err;
      }
      useAuthStore.getState().clear();
      try {
        window.sessionStorage.setItem(FLASH_SUCCESS_KEY, DEREGISTERED_MESSAGE);
      } catch {
        /* storage unavailable: the home page is logged out all the same */
      }
      // A full load, not a client navigation: every per-user part of the site forgets the account.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign('/');
    }, { stayBusy: true });
  }

  return (
    <div className="deregister" aria-labelledby={`${uid}-title`} role="group">
      <h2 id={`${uid}-title`}>注销账号</h2>
      <p className="muted small">注销后账号不能恢复。请先确认：</p>
      <ul className="small deregister-list">
        <li>没有待付款、待发货、待收货或退款中的订单，没有处理中的售后申请和开具中的发票；</li>
        <li>手机号、昵称、邮箱、登录密码、收货地址、常用发票抬头、购物车和售后照片将被删除；</li>
        <li>已完成的订单和已开具的发票依法保留交易与开票记录，订单上的收货人和电话打码、详细地址删除；</li>
        <li>您将无法再查看原账号的订单、发票和服务激活码，请先自行保存；</li>
        <li>同一手机号以后可以重新登录，但会是一个全新的账号。</li>
      </ul>
      <p className="small">
        详见
        <a href={`${PRIVACY_PATH}#rights`} className="tap">
          《隐私政策》· 您的权利
        </a>
        。
      </p>
      {open ? (
        <form className="form auth-form" onSubmit={onSubmit} noValidate>
          <p className="muted small">验证码将发送到 {phone}。</p>
          <SmsCodeField {...form.input('code')} request={requestCode} />
          <FieldError message={refusal} alert />
          <div className="row">
            <button type="submit" className="btn btn-warm" disabled={form.busy}>
              {form.busy ? '注销中…' : '确认注销'}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              暂不注销
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setOpen(true)}>
          注销账号
        </button>
      )}
    </div>
  );
}
