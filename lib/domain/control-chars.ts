/**
 * Control characters: C0 (line breaks and tabs among them), DEL, C1 and the Unicode line and
 * paragraph separators. This is the one definition: text fields refuse them (lib/validation/fields.ts),
 * searches drop them, the invoice PDF draws them as spaces. PostgreSQL refuses NUL in text outright (a
 * 500 if it got there), and the rest garble what a page, a CSV or an invoice shows. Browser-safe and free
 * of zod, so the header's search box can use it without carrying the validation library.
 */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');

/** A search term as typed, control characters dropped: a search finds what the rest of it finds, never fails. */
export const stripControl = (v: string) => v.replace(EVERY_CONTROL, '');
