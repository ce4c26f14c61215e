/**
 * What 续费, 加席位 and 升级 cost, in fen, from the SKU's price of the day (docs/subscriptions.md#renewal-and-prices).
 * Pure and browser-safe: the server prices the order with these, the subscription page shows the same figures.
 */
import { TERM_DAYS } from './subscription';

/** 加席位 adds 1 to this many seats at once. */
export const SEATS_ADD_MAX = 500;

/** One order line: a unit price and a quantity, whose product is what the line costs. */
export type PricedLine = { unitFen: number; quantity: number; totalFen: number };

/**
 * `priceFen × days / 365`, rounded half up to the fen, in integers only (no float can land on .4999…):
 * the price of a year's service for `days` of it.
 */
export function proratedFen(priceFen: number, days: number): number {
  return Math.floor((2 * priceFen * days + TERM_DAYS) / (2 * TERM_DAYS));
}

/**
 * 续费 n years of every seat: the SKU sells one seat for one year, so the line is years × seats units
 * of the price.
 */
export function renewalPrice(priceFen: number, seats: number, years: number): PricedLine {
  const quantity = seats * years;
  return { unitFen: priceFen, quantity, totalFen: priceFen * quantity };
}

/** 加席位: each new seat costs the days left of a year's price (to the fen), the same for every seat added. */
export function seatsPrice(priceFen: number, daysLeft: number, add: number): PricedLine {
  const unitFen = proratedFen(priceFen, daysLeft);
  return { unitFen, quantity: add, totalFen: unitFen * add };
}

/**
 * 升级: the new edition for the days left, less what the old edition's days left are worth; never below
 * nothing (an edition cheaper than the old one is no credit back). The end date does not move.
 */
export function upgradePrice(oldPriceFen: number, newPriceFen: number, daysLeft: number): PricedLine {
  const unitFen = Math.max(0, proratedFen(newPriceFen, daysLeft) - proratedFen(oldPriceFen, daysLeft));
  return { unitFen, quantity: 1, totalFen: unitFen };
}
