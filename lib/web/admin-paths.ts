/**
 * The pages of the operator console (app/admin). proxy.ts lets an operator reach exactly these
 * and sends everyone else — and every other /admin path — to the 404 page.
 */
export const ADMIN_NAV = [
  { href: '/admin', label: '概览' },
  { href: '/admin/stats', label: '数据' },
  { href: '/admin/orders', label: '订单' },
  { href: '/admin/aftersales', label: '售后' },
  { href: '/admin/price-protect', label: '价保' },
  { href: '/admin/subscriptions', label: '订阅' },
  { href: '/admin/support', label: '客服' },
  { href: '/admin/reviews', label: '评价' },
  { href: '/admin/invoices', label: '发票' },
  { href: '/admin/products', label: '商品' },
  { href: '/admin/coupons', label: '优惠券' },
  { href: '/admin/search', label: '搜索' },
  { href: '/admin/leads', label: '线索' },
  { href: '/admin/audit', label: '操作日志' },
] as const;

const PAGES = [
  /^\/admin$/,
  /^\/admin\/stats$/,
  /^\/admin\/orders$/,
  /^\/admin\/orders\/\d{20}$/,
  /^\/admin\/aftersales$/,
  /^\/admin\/aftersales\/\d{20}$/,
  /^\/admin\/price-protect$/,
  /^\/admin\/subscriptions$/,
  /^\/admin\/subscriptions\/\d{1,10}$/,
  /^\/admin\/support$/,
  /^\/admin\/reviews$/,
  /^\/admin\/reviews\/\d{1,10}$/,
  /^\/admin\/invoices$/,
  /^\/admin\/products$/,
  /^\/admin\/products\/\d{1,10}$/,
  /^\/admin\/coupons$/,
  /^\/admin\/coupons\/(new|\d{1,9})$/,
  /^\/admin\/search$/,
  /^\/admin\/leads$/,
  /^\/admin\/audit$/,
  /^\/admin\/outbox$/,
  /^\/admin\/waybills$/,
];

export function isAdminArea(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/');
}

export function isAdminPage(path: string): boolean {
  return PAGES.some((re) => re.test(path));
}
