/**
 * Every business and UI constant of the shop lives here; docs/rules.md states each with its value.
 * Import from this file; never repeat a number elsewhere.
 */

export const SHOP_NAME = '量盾商城';
export const BRAND_NAME = '量盾科技';
export const COMPANY_NAME = '量盾量子安全科技有限公司';
export const SERVICE_PHONE = '400-820-0909';
export const SERVICE_EMAIL = 'service@liangdun.cn';
export const COMPANY_ADDRESS = {
  streetAddress: '高新区科学大道 909 号量子安全产业园 A 座',
  addressLocality: '合肥市',
  addressRegion: '安徽省',
  postalCode: '230088',
  addressCountry: 'CN',
} as const;

export const DEFAULT_SITE_URL = 'http://localhost:3000';
/** Where the footer's ICP 备案号 links: the MIIT filing lookup (docs/rules.md#shop-identity). */
export const ICP_BEIAN_URL = 'https://beian.miit.gov.cn/';
/** The two legal pages (docs/privacy.md), linked from the footer and the login form's consent box. */
export const TERMS_PATH = '/userAgreement';
export const PRIVACY_PATH = '/privacyPolicy';
export const DEFAULT_CURRENCY = 'CNY';

// Auth token and cart cookie (docs/rules.md#sessions)
export const AUTH_COOKIE = 'auth-token';
export const AUTH_STORAGE_KEY = 'token';
export const AUTH_TOKEN_MAX_AGE_S = 604_800;
export const CART_COOKIE = 'cart-id';

// API (docs/api.md#envelope, docs/api.md#result-codes)
export const API_BASE = '/api/v1';
export const API_FALLBACK_ERROR = '请求失败';
/** What the client says when no answer came at all, after its retries (docs/decisions/retries.md#client). */
export const API_NETWORK_ERROR = '网络连接失败，请检查网络后重试';
/**
 * Retries (docs/decisions/retries.md): the header naming one shopper action on every mutating request of
 * the shop's client; how long the client keeps trying a request that got no answer, a 502/503/504 or
 * 「正在处理」(409 with Retry-After); its first backoff and its longest; how long the server keeps an answer.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const RETRY_BUDGET_MS = 20_000;
export const RETRY_FIRST_DELAY_MS = 300;
export const RETRY_MAX_DELAY_MS = 4_000;
export const IDEMPOTENCY_KEEP_HOURS = 24;
export const RESULT = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  NOT_LOGGED_IN: 416,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** Not ready (the health check) or too busy: try again later. */
  UNAVAILABLE: 503,
} as const;

// Toasts (docs/rules.md#ui-constants)
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET = 16;
/** sessionStorage key of a message to toast after a full page change (416 → home). */
export const FLASH_TOAST_KEY = 'flash-toast';
/** The same for good news (注销账号 → home). */
export const FLASH_SUCCESS_KEY = 'flash-toast-ok';

// Carousel (docs/rules.md#ui-constants)
export const CAROUSEL = {
  loop: true,
  slidesPerView: 1,
  spaceBetween: 30,
  autoplayDelayMs: 3000,
  speedMs: 300,
} as const;

// Image viewer (docs/rules.md#image-viewer)
export const IMAGE_VIEWER = { zoomRate: 1.2, minScale: 0.2, maxScale: 7 } as const;

// Tables and lists (docs/rules.md#page-sizes)
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Product grids show 12 cards a page: three rows of four on desktop. */
export const CATALOG_PAGE_SIZE = 12;
/** Holding a stepper button repeats the step this often. */
export const STEPPER_REPEAT_MS = 200;

// Builds and chunk reloads (docs/rules.md#build-polling, docs/rules.md#chunk-reload)
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const BUILD_POLL_INTERVAL_MS = 60_000;
export const BUILD_LATEST_PATH = '/builds/latest.json';

// Orders, SMS codes and passwords (docs/rules.md: pay-deadline, auto-complete, sms-codes, passwords, order-limits)
export const UNPAID_ORDER_TTL_MIN = 30;
export const SHIPPED_AUTO_COMPLETE_DAYS = 7;
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

// Parcel tracking (docs/rules.md#parcel-tracking, docs/tracking.md)
/** A waybill not yet signed whose last event (or 发货) is this old is asked about at the carrier by the sweep. */
export const TRACKING_QUIET_QUERY_H = 6;
/** The most waybills one sweep asks about (快递100 limits real-time queries). */
export const TRACKING_QUERY_BATCH = 20;
/** A waybill not yet signed with no event for this long is on the console's 疑难 list. */
export const TRACKING_TROUBLE_DAYS = 3;
/** 物流详情 and an after-sales request's parcels ask for the tracking again this often while the page is visible (docs/tracking.md#reads). */
export const TRACKING_REFRESH_S = 10;
/** The demo carrier's time between two steps, unless DEMO_CARRIER_STEP_S says otherwise. */
export const DEMO_CARRIER_STEP_S = 120;
export const SMS_CODE_TTL_S = 300;
export const SMS_RESEND_S = 60;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_PER_PHONE_HOUR = 5;
export const SMS_PER_PHONE_DAY = 10;
export const SMS_PER_IP_HOUR = 20;
/**
 * Per-address limits of the anonymous POSTs (docs/rules.md#address-limits): at most `points` requests
 * from one client address in `seconds`, counted across instances, checked before any work (a password
 * try costs an argon2 hash). Above them, 429 with Retry-After. Generous for a family or an office
 * behind one address; a spray over many phones meets them within seconds.
 */
export const ADDRESS_LIMITS = {
  /** 登录 with a password or a code. */
  login: { points: 20, seconds: 60 },
  /** 获取验证码 (the hourly count per address, SMS_PER_IP_HOUR, stays behind it). */
  smsCode: { points: 30, seconds: 60 },
  /** 企业采购 / 私有化部署 forms. */
  leads: { points: 5, seconds: 600 },
  /** 加入购物车, which a visitor may do without an account. */
  cart: { points: 120, seconds: 60 },
} as const;
/** SMS code rows and ended sessions are deleted this many days after they were made / ended (docs/privacy.md#retention). */
export const SECURITY_RECORD_DAYS = 30;
export const PASSWORD_MAX_FAILURES = 5;
export const PASSWORD_LOCK_MIN = 15;
/** Different SKUs one order may hold (立即购买 lines, or the cart's selection). */
export const ORDER_LINES_MAX = 50;
/**
 * The most one order may come to (¥500,000). Every amount stored for an order (its totals, its
 * payments, refunds and invoice) is at most its total, so keeping this below DB_INT_MAX is also
 * what keeps those integer columns from overflowing.
 */
export const ORDER_TOTAL_MAX_FEN = 50_000_000;
/**
 * The reasons a shopper picks from to 取消订单 (docs/rules.md#cancel-reasons): the server takes only these,
 * and keeps them as 「用户取消（…）」, apart from the console's and the clock's reasons.
 */
export const SHOPPER_CANCEL_REASONS = ['不想要了', '地址填错了', '商品选错了', '重复下单', '其他'] as const;

// Coupons (docs/coupons.md)
/** A template's name, as the console's field and the column allow. */
export const COUPON_NAME_MAX = 40;
/** The longest code a shopper may type (a template's public code, or a batch code). */
export const COUPON_CODE_MAX = 32;
/** Characters of a batch code, from an alphabet without 0/O, 1/I/L (read off paper or a screen). */
export const COUPON_BATCH_CODE_LENGTH = 12;
export const COUPON_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** How long after its end an unused coupon is still listed at checkout, as 已过期 (never applied). */
export const COUPON_EXPIRED_SHOWN_DAYS = 7;
/** Codes one batch may make (one CSV). */
export const COUPON_CODES_PER_BATCH = 10_000;
/** Codes a shopper may try in an hour without redeeming one (a wrong or used code counts; a redeemed one does not). */
export const COUPON_CODE_TRIES_PER_HOUR = 10;

// Validation: field lengths of the forms and the API (docs/rules.md)
export const ADDRESS_DETAIL_MAX = 200;
/** Addresses one shopper may keep (docs/rules.md#addresses). */
export const ADDRESS_MAX_PER_USER = 20;
export const REMARK_MAX = 200;
export const LEAD_MESSAGE_MAX = 1000;
export const LEAD_NAME_MAX = 40;
export const LEAD_COMPANY_MAX = 100;
/** 收货人 on an address. */
export const ADDRESS_NAME_MAX = 40;
/** Passwords are PASSWORD_MIN–PASSWORD_MAX characters with a letter and a digit. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** What a field asking for an existing password takes: more than PASSWORD_MAX, so an over-long one is answered like any wrong password. */
export const PASSWORD_INPUT_MAX = 64;
export const NICKNAME_MAX = 20;
/** The longest e-mail address a mail server accepts (RFC 5321). */
export const EMAIL_MAX = 254;
/** The longest phone number the phone rule takes: +86 and 11 digits, or 0 and 13 digits or hyphens. */
export const PHONE_MAX = 14;
/** Digits of a mobile number without +86 (the console's phone search). */
export const MOBILE_DIGITS = 11;
/** Digits of an SMS code (lib/server/crypto.ts draws them). */
export const SMS_CODE_LENGTH = 6;
/** Digits of an order number (lib/server/flows/checkout.ts makes them). */
export const ORDER_NO_LENGTH = 20;
/** The catalog's search box. */
export const SEARCH_MAX = 50;
/** The product list's price filter takes bounds up to this many yuan (docs/rules.md#search). */
export const PRICE_FILTER_MAX_YUAN = 1_000_000;
/** 销量 (units sold) is recounted at most this often; a catalog change recounts at once (docs/rules.md#search). */
export const SALES_REFRESH_SECONDS = 600;
/** How many best sellers a search without results shows (docs/rules.md#search). */
export const BEST_SELLERS_SHOWN = 4;
/**
 * At most this many different searches get a cached results page per instance in each window; the
 * others render per request (lib/web/catalog-list-path.ts, docs/decisions/cached-pages.md). The window is the
 * shared cache's entry lifetime, so Redis holds at most this many per instance and window.
 */
export const SEARCH_PAGES_CACHED = 500;
export const SEARCH_ADMISSION_WINDOW_MS = 24 * 3600_000;
/** How many 热门搜索 words a search without results offers (docs/rules.md#search). */
export const SEARCH_SUGGESTIONS_SHOWN = 8;
/** The console's product form. */
export const PRODUCT_NAME_MAX = 100;
export const PRODUCT_SUBTITLE_MAX = 200;
/** Waybill numbers (运单号): letters and digits, this many. */
export const TRACKING_NO_MIN = 8;
export const TRACKING_NO_MAX = 30;

// Payments (docs/rules.md#payments)
/**
 * How far the time signed into a payment message may be from the receiver's clock: a WeChat Pay
 * notification (timestamp), an Alipay notification (notify_time) or a request to the demo WeChat
 * gateway further off is refused.
 */
export const NOTIFY_MAX_AGE_S = 300;
/** The status poll asks the provider at most this often per payment when no notification came. */
export const PAYMENT_QUERY_MIN_INTERVAL_MS = 5_000;
/** The sweep asks the provider about an open payment nobody asked about for this long. */
export const PAYMENT_RECONCILE_AFTER_MS = 120_000;
/** The pay screens poll the payment's status this often. */
export const PAYMENT_POLL_MS = 2_000;
/** What the shopper sees on the provider's page as the order's subject. */
export const PAYMENT_SUBJECT_MAX = 60;
/** A WeChat H5 link lives 5 minutes at WeChat: an open H5 payment younger than this is shown again, an older one is started anew. */
export const WECHAT_H5_REUSE_MS = 4 * 60_000;
/**
 * The sweep leaves a refund still processing, or an open payment of an order no longer waiting, alone
 * until it has been quiet this long, so it does not race the request that is handling it right now.
 */
export const PAYMENT_SWEEP_QUIET_MS = 10_000;

// Shipping: free from FREE_SHIPPING_FROM_FEN, else SHIPPING_FEN; none for service products. The copy that states it reads these.
export const FREE_SHIPPING_FROM_FEN = 9_900;
export const SHIPPING_FEN = 1_000;
/** Devices in stock leave the warehouse within this many hours of payment (what the shop promises). */
export const DISPATCH_HOURS = 48;
/** 无理由退货: a device within this many days of signing for it, an unused activation code within as many days of paying. */
export const RETURN_DAYS = 7;
/** 换货: a device with a fault within this many days of signing for it. */
export const EXCHANGE_DAYS = 15;

// After-sales (docs/after-sales.md)
/** Digits of an after-sales number (afterSaleNo), made like an order number. */
export const AFTER_SALE_NO_LENGTH = 20;
/** A request left this long in 待审核 is approved by the shop. */
export const AFTER_SALE_REVIEW_HOURS = 48;
/** A request left this long in 待寄回 (no waybill given) is withdrawn by the shop. */
export const AFTER_SALE_RETURN_DAYS = 7;
/** An exchange whose new goods went out this long ago completes (as a shipped order does). */
export const AFTER_SALE_RESHIP_COMPLETE_DAYS = 7;
/** The shopper's description of the problem. */
export const AFTER_SALE_DESCRIPTION_MAX = 200;
/** The operator's reason for rejecting a request (and for lowering or refusing a return's shipping). */
export const AFTER_SALE_REJECT_REASON_MAX = 100;
/**
 * The most of a shop-fault return's shipping the shop pays back (运费补偿, docs/after-sales.md#return-shipping):
 * the shopper states what they paid, up to this; the operator approves it after 收货.
 */
export const RETURN_SHIPPING_CAP_FEN = 2_000;
/** The console's after-sales search: a request number, an order number or a phone number, or a part of one. */
export const AFTER_SALE_SEARCH_MAX = 40;
/** Photos per request, and the size and kinds of each (checked by their bytes, not their name). */
export const AFTER_SALE_PHOTOS_MAX = 3;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * The largest photo in pixels, as its header states it: no side over UPLOAD_MAX_SIDE and at most
 * UPLOAD_MAX_PIXELS in all (a 5 MB file can claim billions of pixels; docs/after-sales.md#photos).
 */
export const UPLOAD_MAX_SIDE = 10_000;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/**
 * Every photo is re-encoded before it is stored (docs/after-sales.md#photos): turned upright, its
 * metadata (EXIF, GPS, comments) dropped, and shrunk to at most UPLOAD_STORED_SIDE pixels a side —
 * more than a review or a request shows, and a 40-megapixel upload stored at a sensible size.
 */
export const UPLOAD_STORED_SIDE = 2_560;
/** The re-encoded JPEG's and WebP's quality (1–100). */
export const UPLOAD_STORED_QUALITY = 85;
/** Uploads one shopper may try in an hour, refused ones included (counted atomically, whether or not a request takes them). */
export const UPLOADS_PER_USER_HOUR = 30;
/** A subscription's term from its activation (the catalog's 「自激活起 1 年」). */
export const LICENSE_TERM_DAYS = 365;
/** Where returned goods go (the shop pays the return when the fault is its own). */
export const RETURN_ADDRESS = {
  name: '量盾商城售后部',
  tel: '0551-65309090',
  address: '安徽省合肥市高新区科学大道 909 号量子安全产业园 A 座 1 层 售后仓',
} as const;

// Reviews, favorites, history (docs/reviews.md)
/** A line may be reviewed this many days after its order completed (确认收货, the clock, or a service's codes sent). */
export const REVIEW_WINDOW_DAYS = 90;
/** A 追评 may follow the first review within this many days of it. */
export const REVIEW_APPEND_DAYS = 90;
export const REVIEW_CONTENT_MAX = 500;
/** Photos per review, and as many again with its 追评 (the upload rules of after-sales photos). */
export const REVIEW_PHOTOS_MAX = 6;
/** Reviews and 追评 one shopper may write in an hour (counted atomically). */
export const REVIEWS_PER_USER_HOUR = 20;
/** Reviews per page on the product page and in the API. */
export const REVIEWS_PAGE_SIZE = 10;
/** Browsers keep a public review photo this long (never shared caches): a hidden review's photos stop showing within it. */
export const REVIEW_PHOTO_MAX_AGE_SECONDS = 300;
/** Reviews the product's JSON-LD carries (the newest). */
export const REVIEWS_IN_JSON_LD = 5;
/** The operator's 商家回复 and reason for hiding a review. */
export const REVIEW_REPLY_MAX = 500;
export const REVIEW_HIDE_REASON_MAX = 100;
/** The console's review search (order number, the shopper's phone or words of the text). */
export const REVIEW_SEARCH_MAX = 40;
/** Products one shopper may keep in 我的收藏. */
export const FAVORITES_MAX = 200;
/** Products kept in a shopper's 足迹 (the oldest view goes first). */
export const HISTORY_KEPT = 100;

/** Largest id a PostgreSQL integer column holds: anything above is not an id of ours. */
export const DB_INT_MAX = 2_147_483_647;

/** Stock at or below this shows 仅剩 N 件 on product pages. */
export const LOW_STOCK_THRESHOLD = 10;
/** How many of those the console's overview lists (fewest in stock first); the card counts them all. */
export const LOW_STOCK_LISTED = 20;

// Operator console (docs/rules.md#operator-console)
/** users.role of the people who run the shop; everyone else is a shopper. */
export const OPERATOR_ROLE = 'operator';
/** The carriers an operator ships with (发货). */
export const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', 'EMS', '申通快递'] as const;
/** The most rows one CSV export of orders holds; a wider filter is refused with a message. */
export const ORDER_EXPORT_MAX_ROWS = 10_000;

// Invoices (docs/rules.md#invoices)
/** The seller on every invoice is COMPANY_NAME; its 统一社会信用代码 (passes the GB 32100-2015 check). */
export const SELLER_TAX_NO = '91340100MA2LD09094';
/** 统一社会信用代码 (GB 32100-2015): its characters (no I O S V Z) and the weights of the check character. */
export const TAX_NO_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const TAX_NO_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
export const TAX_NO_LENGTH = 18;
/** VAT on the goods and services of the shop, in percent; prices are tax-inclusive. */
export const VAT_RATE_PERCENT = 13;
export const INVOICE_TITLE_MAX = 100;
export const INVOICE_REGISTERED_ADDRESS_MAX = 200;
export const INVOICE_BANK_NAME_MAX = 100;
export const INVOICE_REGISTERED_PHONE_MAX = 20;
/** Bank account numbers: digits only, this many. */
export const INVOICE_BANK_ACCOUNT_MIN = 8;
export const INVOICE_BANK_ACCOUNT_MAX = 32;
export const INVOICE_REJECT_REASON_MAX = 200;
/** Invoice numbers (数电发票号码) are 20 digits: 2 of the year, 2 of the region, 16 more. */
export const INVOICE_NO_LENGTH = 20;
export const INVOICE_REGION_CODE = '34';
/** Saved titles (抬头) offered on the request form, most recently used first. */
export const INVOICE_TITLES_SHOWN = 20;
/** Why a pending invoice is rejected when its order is refunded. */
export const INVOICE_REFUND_REJECT_REASON = '订单已退款';

// Payment providers
/** How long a call to a payment provider (or the demo gateways' notification) may take. */
export const PROVIDER_HTTP_TIMEOUT_MS = 10_000;
/** How long the SMS gateway may take to accept a message. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

/** The outbox (docs/outbox.md): a failed delivery is tried again after 1 s, doubling up to 10 minutes. */
export const OUTBOX_RETRY_FIRST_MS = 1000;
export const OUTBOX_RETRY_MAX_MS = 10 * 60 * 1000;
/** After this many tries an event is no longer tried by itself. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** From this many failed tries an event shows on the console under 待重试的通知. */
export const OUTBOX_FAILING_ATTEMPTS = 3;
/**
 * How long a dispatcher holds the events it claimed before another may try them: longer than one SMS
 * or provider call (SMS_HTTP_TIMEOUT_MS, PROVIDER_HTTP_TIMEOUT_MS); what a dead process claimed waits this long.
 */
export const OUTBOX_LEASE_MS = 30 * 1000;
/** Delivered events are deleted after this many days by the retention sweep. */
export const OUTBOX_KEEP_DAYS = 7;
/** Messages in the 消息中心 are deleted after this many days by the retention sweep (docs/privacy.md#retention). */
export const MESSAGE_KEEP_DAYS = 90;
/** 优惠券即将过期: an unused coupon ending within this many hours is told to its shopper, once (docs/messages.md#events). */
export const COUPON_EXPIRING_NOTICE_H = 24;
