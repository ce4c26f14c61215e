/**
 * What the owners' schema files share: the timestamp columns every table writes the same way, the
 * CHECK written from a list of names, raw bytes, and the shapes of the JSON columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core';
import type { ProductImage } from '../../../domain/product-image';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * `column in ('a','b')` from one of the lists of names: the CHECK is written from the list the code
 * uses, as the literal SQL a hand-written one would be (so the migrations do not change).
 */
export function isOneOf(column: AnyPgColumn, names: readonly string[]): SQL {
  for (const n of names) if (!/^[a-z_]+$/.test(n)) throw new Error(`not a state name: ${n}`);
  return sql`${column} in (${sql.raw(names.map((n) => `'${n}'`).join(','))})`;
}

/** Raw bytes (PostgreSQL bytea): node-postgres hands back a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength),
});

export type { ProductImage };
export type ProductSpec = { name: string; value: string };
export type AddressSnapshot = {
  name: string;
  tel: string;
  province: string;
  city: string;
  county: string;
  areaCode: string;
  addressDetail: string;
};
