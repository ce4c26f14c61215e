/**
 * Coupon templates, a shopper's coupons and their table of moves (`moveCoupon`), codes, use at checkout (docs/coupons.md).
 *
 * Coupons (docs/coupons.md): templates, a shopper's coupons, codes, and their use at checkout. The module's public surface: docs/architecture.md.
 */
export { type AdminCouponTemplate, couponScopeOptions, createCouponTemplate, getCouponTemplate, listCouponTemplates, makeCouponCodes, stopCouponTemplate, updateCouponTemplate } from './admin';
export { type AppliedCoupon, type CheckoutCoupon, chooseCoupon, returnCoupon, takeCoupon } from './checkout';
export { type CentreCoupon, claimCoupon, couponCentre, grantRegistrationCoupons, type MyCoupon, redeemCode, toMyCoupon } from './shopper';
export { notifyExpiringCoupons } from './expiring';
export { type CouponWords, scopeTexts } from './view';
export { forgetUser } from './forget';
