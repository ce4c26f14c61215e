/**
 * CSV that Excel opens as it should (RFC 4180 with Excel's habits): UTF-8 with a BOM (so Chinese
 * is not mojibake), CRLF line ends, every field quoted with quotes doubled, and cells that a
 * spreadsheet would run as a formula (= + - @, tab, CR at the start, and the full-width ＝ ＋ － ＠
 * that Excel and WPS read as the same) prefixed with ' (OWASP CSV injection). Long digit strings (order numbers, waybills) get a trailing tab via `asText`, so
 * Excel keeps them as text instead of 2.02503E+19.
 */
const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

export type CsvCell = string | number | null | undefined;

export function csvCell(value: CsvCell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

/** An identifier made of digits that Excel must not turn into a number. */
export function asText(value: string | null | undefined): string {
  return value && /^\d{11,}$/.test(value) ? `${value}\t` : (value ?? '');
}

export function toCsv(head: readonly string[], rows: readonly CsvCell[][]): string {
  const lines = [head, ...rows].map((r) => r.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
