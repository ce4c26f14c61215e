/**
 * The whole data model, one file per owner (docs/architecture.md#rules): a module reads and writes
 * only the tables of its own file. Money is integer fen; times are timestamptz. Columns that hold a
 * name from a list (states, kinds) are typed with it and checked against it (docs/states.md).
 * Change a table in its owner's file, then `npm run db:generate` writes the migration into drizzle/.
 * This file only gathers them, so `@/lib/server/db/schema` names every table.
 */
export type { AddressSnapshot, ProductImage, ProductSpec } from './columns';
export * from './accounts';
export * from './after-sales';
export * from './audit';
export * from './carrier-sandbox';
export * from './cart';
export * from './catalog';
export * from './coupons';
export * from './http';
export * from './invoice';
export * from './leads';
export * from './messages';
export * from './order';
export * from './outbox';
export * from './payment';
export * from './payment-sandbox';
export * from './price-protect';
export * from './refund';
export * from './search';
export * from './reviews';
export * from './shopper-lists';
export * from './subscription';
export * from './support';
export * from './tracking';
export * from './uploads';
