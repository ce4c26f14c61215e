'use client';
/**
 * The activation codes of an order: each one with 复制, and 已激活（有效期至…）, 已作废 (refunded) or a
 * 激活 button; under them, how to activate and the guide. Activating starts the code's term and ends
 * the chance of a refund, so it is confirmed first.
 */
import Link from 'next/link';
import { ACTIVATION_GUIDE_HREF } from '@/content/help/activation';
import { LICENSE_STATE_LABEL, licenseState } from '@/lib/domain/license-state';
import { CopyButton } from '@/components/ui/copy-button';
import { useActivateCode } from './use-activate-code';
import { formatDay } from './format-time';
import type { Order } from './types';

/** How to use a code, in two lines: under the order's codes and on 我的服务. */
export function ActivationHowTo() {
  return (
    <p className="license-guide small muted">
      激活方法：复制激活码，在我的服务或订单详情中点击「激活」开始计算有效期，再登录对应服务的控制台或 App，在「激活」页面粘贴激活码即可开通。
      <Link href={ACTIVATION_GUIDE_HREF} className="tap">
        查看激活指南
      </Link>
    </p>
  );
}

export function LicenseList({ licenses, onChange }: { licenses: Order['licenses']; onChange: () => void }) {
  const { activate, busy, dialog } = useActivateCode(onChange);
  return (
    <>
      <ul className="license-list">
        {licenses.map((l) => {
          const state = licenseState(l);
          return (
            <li key={l.code} data-revoked={l.revoked ? 'true' : undefined}>
              <span>{l.productName}</span>
              <code className="license-code">{l.code}</code>
              {state === 'revoked' ? null : <CopyButton text={l.code} label={`激活码 ${l.code}`} />}
              {state === 'revoked' ? (
                <span className="license-state muted small">{LICENSE_STATE_LABEL.revoked}</span>
              ) : state === 'active' ? (
                <span className="license-state small">
                  {LICENSE_STATE_LABEL.active}
                  {l.validUntil ? `（有效期至 ${formatDay(l.validUntil)}）` : null}
                </span>
              ) : (
                <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => activate(l.code)}>
                  激活
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ActivationHowTo />
      {dialog}
    </>
  );
}
