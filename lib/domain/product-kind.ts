/**
 * What a product is, and so every line and order made of it: a device ships (and pays shipping), a
 * service does not and gets activation codes (docs/states.md#service-orders). The one list of names,
 * behind the typed columns, their CHECK and the screens.
 */
export const PRODUCT_KIND_LABEL = {
  device: '设备',
  service: '服务',
} as const;

export type ProductKind = keyof typeof PRODUCT_KIND_LABEL;

export const PRODUCT_KINDS = Object.keys(PRODUCT_KIND_LABEL) as [ProductKind, ...ProductKind[]];
