/**
 * What a product card says under its price (docs/rules.md#product-cards): 已售 N, N 条评价 and
 * 好评率 N%, large numbers shortened as JD's cards do. Pure: it also runs in the browser.
 */

const WAN = 10_000;
const YI = 100_000_000;

/**
 * A count as a card prints it: exact below 10 000; from there in 万 (then 亿) to one decimal, rounded
 * down and followed by + ("1.2万+" for 12 345, "1万+" for 10 000), so it never claims more than there is.
 */
export function countLabel(n: number): string {
  const whole = Math.max(0, Math.floor(n));
  if (whole < WAN) return String(whole);
  const [unit, name] = whole < YI ? [WAN, '万'] : [YI, '亿'];
  const tenths = Math.floor((whole * 10) / unit) / 10;
  return `${tenths}${name}+`;
}

/**
 * The card's facts, in order; a product nobody bought says nothing of sales, one without a visible
 * review nothing of reviews (no "0 条评价"), so a new product's card shows only what is true of it.
 */
export function cardCounts(p: { sold: number; reviewCount: number; goodPercent: number }): string[] {
  const facts: string[] = [];
  if (p.sold > 0) facts.push(`已售 ${countLabel(p.sold)}`);
  if (p.reviewCount > 0) facts.push(`${countLabel(p.reviewCount)} 条评价`, `好评率 ${p.goodPercent}%`);
  return facts;
}
