/** A shopper's addresses (docs/rules.md#addresses): how many, and how long their fields may be (schemas, forms and columns). */

export const ADDRESS_DETAIL_MAX = 200;
/** 收货人 on an address. */
export const ADDRESS_NAME_MAX = 40;
/** Addresses one shopper may keep. */
export const ADDRESS_MAX_PER_USER = 20;
