/** Money is integer fen everywhere; this is the one place it becomes text. */
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 129900 → "¥1,299.00" */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  return `${sign}¥${yuan.format(Math.abs(fen) / 100)}`;
}

/** 129900 → "1299.00" (JSON-LD offers, Alipay amounts). */
export function fenToYuanString(fen: number): string {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
