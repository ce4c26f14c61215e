'use client';
/**
 * 评分: five radio buttons named 1星 … 5星, drawn as stars (every star up to the chosen one lit), with
 * the words for the score beside them (非常好 …). Arrow keys move between them as in any radio group.
 */
import { useId } from 'react';
import { RATING_LABEL } from '@/lib/domain/review';

export function StarInput({ value, onChange, name }: { value: number; onChange: (rating: number) => void; name: string }) {
  const uid = useId();
  return (
    <fieldset className="star-input">
      <legend className="small">评分</legend>
      <span className="star-row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star" data-on={n <= value || undefined}>
            <input type="radio" className="sr-only" name={`${name}-${uid}`} value={n} checked={value === n} onChange={() => onChange(n)} aria-label={`${n}星`} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className="small star-words" aria-live="polite">
          {RATING_LABEL[value]}
        </span>
      </span>
    </fieldset>
  );
}
