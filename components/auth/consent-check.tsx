'use client';
import Link from 'next/link';
import { forwardRef } from 'react';
import { PRIVACY_PATH, TERMS_PATH } from '@/lib/shop-identity';
import { FieldError } from '@/components/ui/text-field';

/**
 * 「我已阅读并同意《用户协议》和《隐私政策》」: unticked until the shopper ticks it; the links open in a
 * new tab so the form keeps what was typed (docs/privacy.md#consent).
 */
export const ConsentCheck = forwardRef<HTMLInputElement, { id: string; checked: boolean; onChange: (checked: boolean) => void; error?: string }>(
  function ConsentCheck({ id, checked, onChange, error }, ref) {
    return (
      <div className="auth-consent">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          我已阅读并同意
          <Link href={TERMS_PATH} target="_blank" rel="noopener">
            《用户协议》
          </Link>
          和
          <Link href={PRIVACY_PATH} target="_blank" rel="noopener">
            《隐私政策》
          </Link>
        </label>
        <FieldError id={`${id}-error`} message={error} alert />
      </div>
    );
  },
);
