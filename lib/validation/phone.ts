/**
 * The phone rule (docs/rules.md#phone-numbers): optional +86 or 86, then 1 and 10 digits; or a landline:
 * 0 followed by 10–13 digits or hyphens.
 */
const MOBILE_RE = /^(?:\+?86)?1\d{10}$/;
const LANDLINE_RE = /^0[\d-]{10,13}$/;

export function isValidPhone(value: string): boolean {
  const v = value.trim();
  return MOBILE_RE.test(v) || LANDLINE_RE.test(v);
}

export function isValidMobile(value: string): boolean {
  return MOBILE_RE.test(value.trim());
}

/** 13800000000 / +8613800000000 → 13800000000 */
export function normalizeMobile(value: string): string {
  return value.trim().replace(/^\+?86(?=1\d{10}$)/, '');
}

/** 13800000000 → 138****0000 (logs and profile never show the whole number). */
export function maskPhone(phone: string): string {
  const m = normalizeMobile(phone);
  return m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m.replace(/\d(?=\d{4})/g, '*');
}
