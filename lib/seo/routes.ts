/**
 * The one metadata table: every fixed route of the shop (docs/routes.md) with its title, description, keywords,
 * whether it is private (logged-in only → noindex, kept out of the sitemap) and its parent for
 * breadcrumbs. Routes with a parameter (/proc/{id} …) build theirs from their own data.
 */
import { SHOP_NAME } from '../site';

export type RouteMeta = {
  title: string;
  description: string;
  keywords: string;
  /** Logged-in screens: noindex, not in the sitemap, disallowed in robots.txt. */
  private?: boolean;
  /** Parent path for the breadcrumb trail (nested pages). */
  parent?: string;
  /** Shown under another route's canonical (the indexcopy pages). */
  canonical?: string;
  /** Breadcrumb label; defaults to the title before the first "_" or " - ". */
  label?: string;
};

const KW = '量子加密,量盾,量子安全,加密耳机,加密硬盘,量子邮箱';

export const ROUTES: Record<string, RouteMeta> = {
  '/': {
    title: `${SHOP_NAME} - 量子加密耳机、加密硬盘与量子安全服务官方商城`,
    description: '量盾商城是量盾科技官方商城，销售量子加密耳机、量子加密头戴耳机、量子加密移动硬盘，以及量子邮箱、量子钉、量子会议、量子身份等量子安全服务。',
    keywords: KW,
    label: '首页',
  },
  '/404': { title: '404 - 页面未找到', description: '您访问的页面不存在或已被移除。', keywords: KW, label: '页面未找到' },
  '/About': {
    title: '关于量盾 - 量盾商城',
    description: '量盾科技专注量子密钥分发与量子安全终端，把量子加密带进耳机、硬盘、邮箱与会议。',
    keywords: '量盾科技,量子安全公司,关于我们',
    label: '关于量盾',
  },
  '/aboutMe': {
    title: '联系我们 - 量盾商城',
    description: '量盾商城客服热线、企业采购、售后服务与公司地址。',
    keywords: '联系量盾,客服电话,企业采购,售后服务',
    label: '联系我们',
  },
  '/couponCenter': {
    title: '领券中心 - 量盾商城',
    description: '量盾商城领券中心：满减券、无门槛券和折扣券，领取后下单自动选用最优惠的一张。',
    keywords: '量盾优惠券,领券中心,满减券,折扣券',
    label: '领券中心',
  },
  '/SDK': {
    title: '量子安全开发者 SDK - 量盾商城',
    description: '量盾量子密钥 SDK：在自己的 App 中接入量子密钥分发、加密通话与量子身份认证。',
    keywords: '量子密钥SDK,量子加密SDK,开发者,API',
    label: '开发者 SDK',
  },
  '/deployment': {
    title: '私有化部署咨询 - 量盾商城',
    description: '为政企客户提供量子邮箱、量子钉、量子会议与量子身份的私有化部署，留下需求，专属顾问一个工作日内联系您。',
    keywords: '私有化部署,量子安全解决方案,政企采购,量子加密部署',
    label: '私有化部署',
  },
  '/userStories': {
    title: '客户案例 - 量盾商城',
    description: '金融、能源、律所与医疗机构如何用量盾量子加密产品保护通话、文件与会议。',
    keywords: '量子加密案例,客户案例,量子安全应用',
    label: '客户案例',
  },
  '/ProductList': {
    title: '全部商品 - 量盾商城',
    description: '量盾商城全部商品：量子加密耳机、头戴耳机、移动硬盘与量子安全订阅服务，官方正品。',
    keywords: `${KW},全部商品`,
    label: '全部商品',
  },
  '/Category': {
    title: '商品分类 - 量盾商城',
    description: '按分类浏览量盾商城商品：耳机、头戴耳机、移动硬盘与量子安全服务。',
    keywords: `${KW},商品分类`,
    label: '商品分类',
  },
  '/ProductDetail': {
    title: '商品详情 - 量盾商城',
    description: '选择一件量盾商品查看详细参数、价格与库存。',
    keywords: KW,
    label: '商品详情',
  },
  '/EarphoneDetails': {
    title: '量子加密耳机 Q1 系列_通话量子加密 - 量盾商城',
    description: '量盾 Q1 与 Q1 青春版量子加密耳机：量子密钥一次一密加密通话，降噪、续航与佩戴全面升级。',
    keywords: '量子加密耳机,量盾Q1,Q1青春版,加密通话耳机',
    label: '量子加密耳机',
  },
  '/quantumHeadset': {
    title: '量子加密头戴耳机系列 - 量盾商城',
    description: '量盾量子加密头戴耳机 100、200 与 T20：从客服坐席到应急指挥，全系量子加密语音。',
    keywords: '量子加密头戴耳机,量盾200,量盾T20,会议耳机',
    label: '量子加密头戴耳机',
  },
  '/quantumHeadset_200': {
    title: '量盾 200 量子加密头戴耳机_远程会议加密 - 量盾商城',
    description: '量盾 200：六麦克风 AI 降噪，配合量子会议实现全链路加密，45 小时续航。',
    keywords: '量盾200,量子加密头戴耳机,会议耳机',
    parent: '/quantumHeadset',
    label: '量盾 200',
  },
  '/quantumHeadset_t20': {
    title: '量盾 T20 量子加密头戴耳机_战术加密通信 - 量盾商城',
    description: '量盾 T20：安全芯片存储量子密钥，蓝牙与 2.4 GHz 双链路冗余，IP67 防护。',
    keywords: '量盾T20,战术耳机,加密通信耳机',
    parent: '/quantumHeadset',
    label: '量盾 T20',
  },
  '/quantumDisk': {
    title: '量子加密移动硬盘系列 - 量盾商城',
    description: '量盾量子加密移动硬盘 100 与 200：硬件全盘加密，量子密钥托管，丢失可远程吊销。',
    keywords: '量子加密移动硬盘,加密硬盘,量盾100,量盾200',
    label: '量子加密移动硬盘',
  },
  '/QuantumDisks': {
    title: '加密移动硬盘选购指南 - 量盾商城',
    description: '量盾 100 与 200 量子加密移动硬盘参数对比、适用场景与选购建议。',
    keywords: '加密硬盘对比,移动硬盘选购,量子加密移动硬盘',
    parent: '/quantumDisk',
    label: '选购指南',
  },
  '/quantumDisk_200': {
    title: '量盾 200 量子加密移动硬盘_指纹解锁 - 量盾商城',
    description: '量盾 200：指纹与口令双因子解锁，量子密钥托管，1050 MB/s 高速读写。',
    keywords: '量盾200硬盘,指纹加密硬盘,量子加密移动硬盘',
    parent: '/quantumDisk',
    label: '量盾 200 硬盘',
  },
  '/quantumMail': {
    title: '量子邮箱_每封邮件独立量子密钥 - 量盾商城',
    description: '量子邮箱：正文与附件端到端量子加密，服务器只存密文，支持企业自定义域名。',
    keywords: '量子邮箱,加密邮箱,企业邮箱',
    label: '量子邮箱',
  },
  '/quantumMail/quantumMailPrice': {
    title: '量子邮箱价格与版本 - 量盾商城',
    description: '量子邮箱个人版与企业版价格、容量与功能对比，按年订阅，支持对公转账与增值税发票。',
    keywords: '量子邮箱价格,企业邮箱价格,加密邮箱收费',
    parent: '/quantumMail',
    label: '价格与版本',
  },
  '/quantumDing': {
    title: '量子钉_量子加密团队即时通讯 - 量盾商城',
    description: '量子钉：团队聊天、文件与语音端到端量子加密，阅后即焚，设备统一吊销。',
    keywords: '量子钉,加密聊天,企业即时通讯',
    label: '量子钉',
  },
  '/quantumDing/indexcopy': {
    title: '量子钉 团队加密通讯 - 量盾商城',
    description: '量子钉：团队聊天、文件与语音端到端量子加密，阅后即焚，设备统一吊销。',
    keywords: '量子钉,加密聊天,企业即时通讯',
    canonical: '/quantumDing',
    parent: '/quantumDing',
    label: '量子钉',
  },
  '/quantumMeeting': {
    title: '量子会议_音视频全程量子加密 - 量盾商城',
    description: '量子会议：每场会议独立量子密钥，最多 300 方，等候室与会中水印。',
    keywords: '量子会议,加密视频会议,安全会议',
    label: '量子会议',
  },
  '/quantumMeeting/indexcopy': {
    title: '量子会议 加密云会议 - 量盾商城',
    description: '量子会议：每场会议独立量子密钥，最多 300 方，等候室与会中水印。',
    keywords: '量子会议,加密视频会议,安全会议',
    canonical: '/quantumMeeting',
    parent: '/quantumMeeting',
    label: '量子会议',
  },
  '/quantumIdentity': {
    title: '量子身份_免密登录与数字身份 - 量盾商城',
    description: '量子身份：量子随机数签发数字证书，扫码免密登录、单点登录与高风险操作确认。',
    keywords: '量子身份,免密登录,单点登录',
    label: '量子身份',
  },
  '/quantumIdentity/indexcopy': {
    title: '量子身份 数字身份认证 - 量盾商城',
    description: '量子身份：量子随机数签发数字证书，扫码免密登录、单点登录与高风险操作确认。',
    keywords: '量子身份,免密登录,单点登录',
    canonical: '/quantumIdentity',
    parent: '/quantumIdentity',
    label: '量子身份',
  },
  '/helpCenter': {
    title: '帮助中心 - 量盾商城',
    description: '量盾商城帮助中心：常见问题、产品使用指南、视频教程、配送、售后与发票说明。',
    keywords: '帮助中心,常见问题,使用指南,售后服务',
    label: '帮助中心',
  },
  '/helpCenter/userGuide': {
    title: '购物指南 - 帮助中心 - 量盾商城',
    description: '从注册登录、下单支付到收货、开票与售后，量盾商城购物全流程说明。',
    keywords: '购物指南,下单流程,支付方式,发票',
    parent: '/helpCenter',
    label: '购物指南',
  },
  '/helpCenter/budsUserGuide': {
    title: '量子加密耳机使用指南 - 帮助中心 - 量盾商城',
    description: '量盾 Q1 耳机配对、量子密钥激活、加密通话、降噪与固件升级的完整说明。',
    keywords: '量盾Q1说明书,耳机配对,加密通话设置',
    parent: '/helpCenter',
    label: '耳机使用指南',
  },
  '/helpCenter/budsUserGuideEn': {
    title: 'Quantum Earbuds Q1 User Guide - Help Center - 量盾商城',
    description: 'How to pair the LiangDun Q1 quantum-encrypted earbuds, activate quantum keys, make encrypted calls and update firmware.',
    keywords: 'LiangDun Q1,quantum encrypted earbuds,user guide',
    parent: '/helpCenter',
    label: 'Earbuds User Guide',
  },
  '/helpCenter/diskUserGuide': {
    title: '量子加密移动硬盘使用指南 - 帮助中心 - 量盾商城',
    description: '量盾移动硬盘初始化、指纹录入、量子密钥托管、远程吊销与数据恢复说明。',
    keywords: '量盾硬盘说明书,加密硬盘初始化,指纹录入',
    parent: '/helpCenter',
    label: '硬盘使用指南',
  },
  '/userAgreement': {
    title: '用户协议 - 量盾商城',
    description: '量盾商城用户协议：账号、价格与订单、付款、配送、订阅服务激活码、退换货、发票、使用规范与注销账号。',
    keywords: '量盾商城用户协议,服务条款,购物协议',
    label: '用户协议',
  },
  '/privacyPolicy': {
    title: '隐私政策 - 量盾商城',
    description: '量盾商城隐私政策：收集哪些个人信息、用途、保存期限、提供给谁，以及查阅、更正、删除、撤回同意和注销账号的方法。',
    keywords: '量盾商城隐私政策,个人信息保护,注销账号',
    label: '隐私政策',
  },
  // ---- logged-in screens (frames now; filled by the accounts, order, payment and invoice issues)
  '/Cart': { title: '购物车 - 量盾商城', description: '我的购物车。', keywords: KW, private: true, label: '购物车' },
  '/User': { title: '我的 - 量盾商城', description: '个人中心。', keywords: KW, private: true, label: '我的' },
  '/userInfo': { title: '个人信息 - 量盾商城', description: '我的个人信息。', keywords: KW, private: true, parent: '/User', label: '个人信息' },
  '/Setting': { title: '设置 - 量盾商城', description: '账号与安全设置。', keywords: KW, private: true, parent: '/User', label: '设置' },
  '/Order': { title: '我的订单 - 量盾商城', description: '我的订单。', keywords: KW, private: true, parent: '/User', label: '我的订单' },
  '/OrderDetail': { title: '订单详情 - 量盾商城', description: '订单详情。', keywords: KW, private: true, parent: '/Order', label: '订单详情' },
  '/OrderDetailPC': { title: '订单详情（电脑版） - 量盾商城', description: '订单详情。', keywords: KW, private: true, parent: '/personalCenter/PersonalOrder', label: '订单详情' },
  '/AfterSale': { title: '售后服务 - 量盾商城', description: '我的售后申请。', keywords: KW, private: true, parent: '/Order', label: '售后' },
  '/AfterSaleApply': { title: '申请售后 - 量盾商城', description: '申请退款、退货或换货。', keywords: KW, private: true, parent: '/Order', label: '申请售后' },
  '/AfterSaleApplyPC': { title: '申请售后（电脑版） - 量盾商城', description: '申请退款、退货或换货。', keywords: KW, private: true, parent: '/personalCenter/PersonalOrder', label: '申请售后' },
  '/AfterSaleDetail': { title: '售后详情 - 量盾商城', description: '售后申请详情。', keywords: KW, private: true, parent: '/AfterSale', label: '售后详情' },
  '/AfterSaleDetailPC': { title: '售后详情（电脑版） - 量盾商城', description: '售后申请详情。', keywords: KW, private: true, parent: '/personalCenter/PersonalAfterSale', label: '售后详情' },
  '/Service': { title: '我的服务 - 量盾商城', description: '我购买的服务：有效期、席位、激活码与续费。', keywords: KW, private: true, parent: '/User', label: '我的服务' },
  '/ServiceDetail': { title: '服务详情 - 量盾商城', description: '服务的有效期、激活码、续费与记录。', keywords: KW, private: true, parent: '/Service', label: '服务详情' },
  '/ServiceDetailPC': { title: '服务详情（电脑版） - 量盾商城', description: '服务的有效期、激活码、续费与记录。', keywords: KW, private: true, parent: '/personalCenter/PersonalService', label: '服务详情' },
  '/ReviewApply': { title: '评价晒单 - 量盾商城', description: '评价已收货的商品。', keywords: KW, private: true, parent: '/Order', label: '评价晒单' },
  '/ReviewApplyPC': { title: '评价晒单（电脑版） - 量盾商城', description: '评价已收货的商品。', keywords: KW, private: true, parent: '/personalCenter/PersonalOrder', label: '评价晒单' },
  '/Review': { title: '我的评价 - 量盾商城', description: '我的评价。', keywords: KW, private: true, parent: '/User', label: '我的评价' },
  '/OrderDistribute': { title: '物流详情 - 量盾商城', description: '订单物流信息。', keywords: KW, private: true, parent: '/Order', label: '物流详情' },
  '/Address': { title: '收货地址 - 量盾商城', description: '我的收货地址。', keywords: KW, private: true, parent: '/User', label: '收货地址' },
  '/AddressEdit': { title: '编辑收货地址 - 量盾商城', description: '新增或编辑收货地址。', keywords: KW, private: true, parent: '/Address', label: '编辑地址' },
  '/CreateOrder': { title: '确认订单 - 量盾商城', description: '确认订单信息。', keywords: KW, private: true, label: '确认订单' },
  '/OrderSettlePC': { title: '结算（电脑版） - 量盾商城', description: '确认订单信息。', keywords: KW, private: true, label: '结算' },
  '/PayDetail': { title: '选择支付方式 - 量盾商城', description: '选择支付方式。', keywords: KW, private: true, label: '选择支付方式' },
  '/PaySelectPC': { title: '收银台（电脑版） - 量盾商城', description: '选择支付方式。', keywords: KW, private: true, label: '收银台' },
  '/WxpayDetail': { title: '微信支付 - 量盾商城', description: '微信支付。', keywords: KW, private: true, label: '微信支付' },
  '/WxpayDetailPC': { title: '微信扫码支付（电脑版） - 量盾商城', description: '微信扫码支付。', keywords: KW, private: true, label: '微信扫码支付' },
  '/Coupon': { title: '我的优惠券 - 量盾商城', description: '我的优惠券。', keywords: KW, private: true, parent: '/User', label: '我的优惠券' },
  '/PriceProtect': { title: '价保 - 量盾商城', description: '价格保护：付款后降价，申请退还差价。', keywords: KW, private: true, parent: '/User', label: '价保' },
  '/Invoice': { title: '发票 - 量盾商城', description: '申请与查看发票。', keywords: KW, private: true, parent: '/User', label: '发票' },
  '/InvoicePC': { title: '个人中心 - 我的发票 - 量盾商城', description: '申请与查看发票。', keywords: KW, private: true, label: '我的发票' },
  '/InvoiceDetail': { title: '发票详情 - 量盾商城', description: '发票详情。', keywords: KW, private: true, parent: '/Invoice', label: '发票详情' },
  '/InvoiceDetailPC': { title: '发票详情（电脑版） - 量盾商城', description: '发票详情。', keywords: KW, private: true, parent: '/InvoicePC', label: '发票详情' },
  '/personalCenter/PersonalInfo': { title: '个人中心 - 个人信息 - 量盾商城', description: '个人信息。', keywords: KW, private: true, label: '个人信息' },
  '/personalCenter/PersonalOrder': { title: '个人中心 - 我的订单 - 量盾商城', description: '我的订单。', keywords: KW, private: true, label: '我的订单' },
  '/personalCenter/PersonalAddress': { title: '个人中心 - 收货地址 - 量盾商城', description: '收货地址。', keywords: KW, private: true, label: '收货地址' },
  '/personalCenter/PersonalReview': { title: '个人中心 - 我的评价 - 量盾商城', description: '我的评价。', keywords: KW, private: true, label: '我的评价' },
  '/personalCenter/PersonalAfterSale': { title: '个人中心 - 售后服务 - 量盾商城', description: '我的售后申请。', keywords: KW, private: true, label: '售后服务' },
  '/personalCenter/PersonalCoupon': { title: '个人中心 - 我的优惠券 - 量盾商城', description: '我的优惠券。', keywords: KW, private: true, label: '我的优惠券' },
  '/personalCenter/PersonalPriceProtect': { title: '个人中心 - 价保 - 量盾商城', description: '价格保护：付款后降价，申请退还差价。', keywords: KW, private: true, label: '价保' },
  '/personalCenter/PersonalService': { title: '个人中心 - 我的服务 - 量盾商城', description: '我购买的服务：有效期、席位、激活码与续费。', keywords: KW, private: true, label: '我的服务' },
  '/Favorite': { title: '我的收藏 - 量盾商城', description: '我收藏的商品。', keywords: KW, private: true, parent: '/User', label: '我的收藏' },
  '/History': { title: '我的足迹 - 量盾商城', description: '最近浏览过的商品。', keywords: KW, private: true, parent: '/User', label: '我的足迹' },
  '/personalCenter/PersonalFavorite': { title: '个人中心 - 我的收藏 - 量盾商城', description: '我收藏的商品。', keywords: KW, private: true, label: '我的收藏' },
  '/personalCenter/PersonalHistory': { title: '个人中心 - 我的足迹 - 量盾商城', description: '最近浏览过的商品。', keywords: KW, private: true, label: '我的足迹' },
  '/Message': { title: '消息中心 - 量盾商城', description: '交易物流、售后退款、优惠促销和服务通知。', keywords: KW, private: true, parent: '/User', label: '消息中心' },
  '/MessageSetting': { title: '消息设置 - 量盾商城', description: '选择哪些消息同时发短信。', keywords: KW, private: true, parent: '/Message', label: '消息设置' },
  '/personalCenter/PersonalMessage': { title: '个人中心 - 消息中心 - 量盾商城', description: '交易物流、售后退款、优惠促销和服务通知。', keywords: KW, private: true, label: '消息中心' },
  '/personalCenter/PersonalMessageSetting': { title: '个人中心 - 消息设置 - 量盾商城', description: '选择哪些消息同时发短信。', keywords: KW, private: true, parent: '/personalCenter/PersonalMessage', label: '消息设置' },
  '/Support': { title: '在线客服 - 量盾商城', description: '与量盾商城客服在线交流：商品、订单和售后问题。', keywords: KW, private: true, parent: '/User', label: '在线客服' },
  '/personalCenter/PersonalShoppCart': { title: '个人中心 - 购物车 - 量盾商城', description: '我的购物车。', keywords: KW, private: true, label: '购物车' },
};

/** Patterns of the routes with a parameter. */
export const PARAM_ROUTES: RegExp[] = [/^\/proc\/[^/]+$/, /^\/userStoreProc\/[^/]+$/, /^\/helpCenter\/videoGuide\/[^/]+$/];

export function routeMeta(path: string): RouteMeta {
  const meta = ROUTES[path];
  if (!meta) throw new Error(`No metadata for route ${path}`);
  return meta;
}

export function routeLabel(path: string): string {
  const meta = routeMeta(path);
  return meta.label ?? meta.title.split(/_| - /)[0];
}

/** The breadcrumb trail of a fixed route: 首页 → … → the route. */
export function breadcrumbTrail(path: string): { name: string; path: string }[] {
  const trail: { name: string; path: string }[] = [];
  let p: string | undefined = path;
  while (p && p !== '/') {
    trail.unshift({ name: routeLabel(p), path: p });
    p = ROUTES[p]?.parent;
  }
  trail.unshift({ name: routeLabel('/'), path: '/' });
  return trail;
}

export const PUBLIC_ROUTES = Object.keys(ROUTES).filter((p) => !ROUTES[p].private && !ROUTES[p].canonical && p !== '/404');
export const PRIVATE_ROUTES = Object.keys(ROUTES).filter((p) => ROUTES[p].private);
