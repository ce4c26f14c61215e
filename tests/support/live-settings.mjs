/**
 * A complete live-mode configuration, for the tests of the start's checks (tests/unit/settings.test.ts,
 * scripts/settings-limits-test.mjs): every setting live mode requires, with values that need only be
 * present and well formed (the PEMs are inline stubs; nothing is sent to a provider).
 */
export const LIVE_SETTINGS = Object.freeze({
  SHOP_MODE: 'live',
  SITE_URL: 'https://shop.example.cn',
  SMS_WEBHOOK_URL: 'https://sms.example.cn/send',
  WECHATPAY_APPID: 'wx0123456789',
  WECHATPAY_MCHID: '1900000001',
  WECHATPAY_SERIAL: '3775B6A45ACD588826D15E583A95F5DD',
  WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
  WECHATPAY_PLATFORM_KEY_ID: 'PUB_KEY_ID_0119000000012025',
  WECHATPAY_PLATFORM_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----',
  WECHATPAY_APIV3_KEY: '0123456789abcdef0123456789abcdef',
  WECHATPAY_PAPAY_PLAN_ID: '12535',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
  ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nMIIB\\n-----END PUBLIC KEY-----',
  KUAIDI100_KEY: 'kd100key',
  KUAIDI100_CUSTOMER: 'ABCDEF0123456789',
  KUAIDI100_SECRET: 'kd100secret',
  ENTITLEMENT_KEYS: 'mail:0123456789abcdef0123456789abcdef,ding:fedcba9876543210fedcba9876543210',
});
