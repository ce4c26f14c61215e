'use client';
/**
 * A subscription's codes, one a seat: each with 复制, and 已激活 (with its day), 已作废 (taken back by a
 * refund) or 激活. Activating starts the term and ends the chance of a refund, so it is confirmed first;
 * the page is then drawn again from the server (dates, seats used, state).
 */
import { useRouter } from 'next/navigation';
import { LICENSE_STATE_LABEL, licenseState } from '@/lib/domain/license-state';
import { CopyButton } from '@/components/ui/copy-button';
import { useActivateCode } from '@/components/order/use-activate-code';
import { formatDay } from '@/components/order/format-time';
import type { Subscription } from './types';

export function SubscriptionCodes({ codes }: { codes: Subscription['codes'] }) {
  const router = useRouter();
  const { activate, busy, dialog } = useActivateCode(() => router.refresh());
  return (
    <>
      <ul className="license-list sub-codes">
        {codes.map((c) => {
          const state = licenseState(c);
          return (
            <li key={c.code} data-revoked={c.revoked ? 'true' : undefined}>
              <code className="license-code">{c.code}</code>
              {state === 'revoked' ? null : <CopyButton text={c.code} label={`激活码 ${c.code}`} />}
              {state === 'unused' ? (
                <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => activate(c.code)}>
                  激活
                </button>
              ) : (
                <span className={state === 'revoked' ? 'license-state muted small' : 'license-state small'}>
                  {LICENSE_STATE_LABEL[state]}
                  {c.activatedAt ? ` ${formatDay(c.activatedAt)}` : null}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {dialog}
    </>
  );
}
