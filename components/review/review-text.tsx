'use client';
/** The text of a review or 追评 as typed, with its live count x/500 (a screen reader hears it when it changes). */
import { useId } from 'react';
import { REVIEW_CONTENT_MAX } from '@/lib/domain/review-rules';

export function ReviewText({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (v: string) => void; placeholder: string }) {
  const uid = useId();
  return (
    <div className="field review-text">
      <label htmlFor={`${uid}-text`}>{label}</label>
      <textarea
        id={`${uid}-text`}
        rows={4}
        value={value}
        maxLength={REVIEW_CONTENT_MAX}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value.slice(0, REVIEW_CONTENT_MAX))}
        aria-describedby={`${uid}-count`}
      />
      <p id={`${uid}-count`} className="muted small after-sale-count" aria-live="polite">
        {value.length}/{REVIEW_CONTENT_MAX}
      </p>
    </div>
  );
}
