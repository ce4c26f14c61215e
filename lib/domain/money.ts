/** Money is integer fen everywhere, in one currency; this is the one place it becomes text. */
export const DEFAULT_CURRENCY = 'CNY';

/** Largest id a PostgreSQL integer column holds: anything above is not an id of ours (nor an amount: ORDER_TOTAL_MAX_FEN stays under it). */
export const DB_INT_MAX = 2_147_483_647;

const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 129900 → "¥1,299.00" */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  return `${sign}¥${yuan.format(Math.abs(fen) / 100)}`;
}

/** 9900 → "¥99", 9950 → "¥99.50": an amount in running text (a rule's threshold), whole yuan without the .00. */
export function formatFenShort(fen: number): string {
  return fen % 100 === 0 ? formatFen(fen).slice(0, -3) : formatFen(fen);
}

/** 129900 → "1299.00" (JSON-LD offers, Alipay amounts). */
export function fenToYuanString(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1299.00" → 129900; null for anything that is not a plain non-negative yuan amount (Alipay notifications). */
export function yuanStringToFen(s: string | undefined | null): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const CAPITAL_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const CAPITAL_PLACES = ['', '拾', '佰', '仟'];
const CAPITAL_SECTIONS = ['', '万', '亿', '万亿'];

/** 1–9999 in capitals, zeros inside folded into one 零 and trailing zeros dropped: 1010 → 壹仟零壹拾. */
function capitalSection(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place--) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += CAPITAL_DIGITS[d] + CAPITAL_PLACES[place];
  }
  return out;
}

/**
 * The amount in Chinese capitals as invoices and cheques write it (中文大写金额):
 * 129900 → 壹仟贰佰玖拾玖元整, 100005 → 壹仟元零伍分, 1050 → 壹拾元伍角. Zeros between digits become one 零
 * (10001 元 → 壹万零壹元), an amount ending at 元 ends with 整, 角 and 分 follow; 0 → 零元整.
 */
export function fenToChineseCapital(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`not an amount in fen: ${fen}`);
  if (fen < 0) return `负${fenToChineseCapital(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';

  let integer = '';
  let gap = false;
  const sections: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) sections.push(rest % 10_000);
  for (let i = sections.length - 1; i >= 0; i--) {
    const s = sections[i];
    if (s === 0) {
      if (integer) gap = true;
      continue;
    }
    if (integer && (gap || s < 1000)) integer += '零';
    gap = false;
    integer += capitalSection(s) + CAPITAL_SECTIONS[i];
  }
  let out = integer ? `${integer}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (jiao > 0) out += `${CAPITAL_DIGITS[jiao]}角`;
  else if (integer) out += '零';
  if (cents > 0) out += `${CAPITAL_DIGITS[cents]}分`;
  return out;
}
