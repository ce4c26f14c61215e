/**
 * Where the e2e server listens (scripts/e2e-server.mjs); SITE_URL is the same origin. E2E_PORT moves
 * it (default 3310) so two checkouts or builds can run their suites side by side; the build must be
 * made with SITE_URL set to the same origin, since static pages bake their canonical links in.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 3310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const MAIL_HOST = 'mail.localtest';
/** The ICP 备案号 the e2e server runs with (ICP_BEIAN, passed by playwright.config.ts): the footer shows it. */
export const E2E_ICP_BEIAN = '皖ICP备2026090901号-1';
/**
 * The console's operators, one per spec (and project) that logs one in: a phone gets one SMS code a
 * minute, and specs running side by side must not wait out each other's. scripts/e2e-server.mjs
 * makes them all with admin:create before `next start`.
 */
export const OPERATORS = {
  console: '13800000000',
  fulfilment: '13800000001',
  invoiceDesktop: '13800000002',
  invoiceMobile: '13800000003',
  csp: '13800000004',
  escaping: '13800000005',
  afterSaleDesktop: '13800000006',
  afterSaleMobile: '13800000007',
  ordersDesktop: '13800000008',
  ordersMobile: '13800000009',
  // 物流详情 ships through the console on both devices at once: a phone each (one SMS code a minute).
  logisticsDesktop: '13800000012',
  logisticsMobile: '13800000018',
  reviewsConsole: '13800000030',
  coupons: '13800000013',
  couponsDesktop: '13800000014',
  couponsMobile: '13800000015',
  checkoutCouponsDesktop: '13800000016',
  checkoutCouponsMobile: '13800000017',
  reviewsDesktop: '13800000041',
  reviewsMobile: '13800000042',
  // Product reviews (ships the order a review is written for).
  reviewsReadDesktop: '13800000043',
  reviewsReadMobile: '13800000044',
  // The console's views (console-views.spec): an order's paid units, coupons, low stock, a product save.
  consoleOrder: '13800000091',
  consoleCoupons: '13800000097',
  consoleStock: '13800000098',
  consoleSave: '13800000096',
  // Product cards (saves the product so the lists render fresh).
  productCardsDesktop: '13800000071',
  productCardsMobile: '13800000072',
  // Two copies of one coupon in the checkout's picker (coupon-picker.spec).
  couponPickerDesktop: '13800000092',
  couponPickerMobile: '13800000093',
  // 运费补偿 of a shop-fault exchange (return-shipping.spec).
  returnShippingDesktop: '13800000094',
  returnShippingMobile: '13800000095',
  // Parcel tracking (tracking.spec): ships an order the demo carrier then walks to 已签收.
  trackingDesktop: '13800000061',
  trackingMobile: '13800000062',
  // A coupon that does not apply to the checkout (coupon-unusable.spec).
  couponUnusableDesktop: '13800000067',
  couponUnusableMobile: '13800000068',
  // 申请售后 from an order's second line (after-sale-apply-line.spec): ships the order.
  applyLineDesktop: '13800000069',
  applyLineMobile: '13800000070',
  // 物流详情 live and an exchange's 换新物流 (tracking-live.spec).
  trackingLiveDesktop: '13800000065',
  trackingLiveMobile: '13800000066',
  // 消息中心 (messages.spec): ships an order and walks its parcel to 已签收, a message per step.
  messagesDesktop: '13800000063',
  messagesMobile: '13800000064',
  // The console's 数据 page (admin-stats.spec).
  statsDesktop: '13800000051',
  // The console's 订阅 pages (console-subscriptions.spec): search, one subscription, 延长服务期.
  subscriptionsDesktop: '13800000052',
  // 在线客服 (support.spec): the operator answers in the console while the shopper watches.
  supportDesktop: '13800000081',
  supportMobile: '13800000082',
  // 在线客服's sessions and cards (support-sessions.spec): 结束, a new session, history, an after-sales card.
  supportSessionsDesktop: '13800000083',
  supportSessionsMobile: '13800000084',
  supportCardsDesktop: '13800000085',
  supportCardsMobile: '13800000086',
  // A coupon in 我的优惠券 (shopper-screens.spec, tap-targets.spec).
  shopperScreensDesktop: '13800000111',
  shopperScreensMobile: '13800000112',
  tapTargets: '13800000113',
  // 价保 (price-protect.spec): the console's 价格和库存 lowers an option's price after the shopper paid.
  priceProtectDesktop: '13800000114',
  priceProtectMobile: '13800000115',
  // 上门取件 of a return (return-pickup.spec): ships the order and approves the return.
  pickupDesktop: '13800000147',
  pickupMobile: '13800000148',
} as const;
