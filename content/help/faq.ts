/**
 * The help-center FAQ (/helpCenter): shown as <details> and as FAQPage JSON-LD, so every answer is
 * plain text. Every rule it states (the time to pay, shipping, auto-completion, returns, invoices)
 * is written from the rules' constants (lib/domain/), so the answers follow when a rule changes.
 */
import { DISPATCH_HOURS } from '@/lib/domain/shipping';
import { EXCHANGE_DAYS, RETURN_DAYS } from '@/lib/domain/after-sale-rules';
import { SERVICE_PHONE } from '@/lib/shop-identity';
import { SHIPPED_AUTO_COMPLETE_DAYS, UNPAID_ORDER_TTL_MIN } from '@/lib/domain/order-rules';
import { TAX_NO_LENGTH } from '@/lib/domain/invoice-rules';
import { FREE_SHIPPING_FROM, RETURN_SHIPPING_HELP, SHIPPING_FEE } from '../shop-rules';
import type { FaqGroup } from './types';

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: 'order',
    title: '订购与支付',
    items: [
      {
        question: '如何在量盾商城下单？',
        answer:
          '在商品页选好颜色或容量后点击“加入购物车”或“立即购买”，在购物车勾选商品后点击“去结算”，确认收货地址与商品清单后点击“提交订单”，再选择支付方式完成付款即可。首次下单需用手机号登录，新手机号收到验证码后会自动注册。',
      },
      {
        question: '支持哪些支付方式？',
        answer:
          '在线订单支持微信支付和支付宝支付。电脑端选择微信支付会显示收款二维码，用微信“扫一扫”完成付款；选择支付宝支付会跳转到支付宝收银台。手机浏览器中会直接拉起微信或支付宝完成付款。暂不支持货到付款；企业批量采购如需对公转账，请联系企业采购顾问。',
      },
      {
        question: '下单后多久内需要付款？超时会怎样？',
        answer:
          `订单提交后请在 ${UNPAID_ORDER_TTL_MIN} 分钟内完成付款，订单详情页会显示剩余时间。超过 ${UNPAID_ORDER_TTL_MIN} 分钟未付款，订单会自动变为“已取消”，商品库存同时释放；如仍需要，重新下单即可，不会产生任何费用。`,
      },
      {
        question: '可以取消订单吗？已付款的订单怎么退款？',
        answer:
          '“待付款”的订单可以在订单详情页点击“取消订单”直接取消。已付款但尚未发货（待发货）或运输途中（待收货）的订单，请联系客服申请退款，订单会进入“退款中”，审核通过后款项原路退回，订单变为“已退款”。',
      },
      {
        question: '退款多久能到账？',
        answer:
          '退款审核通过后原路退回：微信支付一般 1 至 3 个工作日到账，支付宝一般 1 至 3 个工作日到账；使用银行卡付款的，到账时间以发卡银行为准，最长不超过 7 个工作日。',
      },
    ],
  },
  {
    id: 'shipping',
    title: '配送与收货',
    items: [
      {
        question: '运费怎么计算？',
        answer:
          `单笔订单的商品金额满 ${FREE_SHIPPING_FROM} 免运费，不满 ${FREE_SHIPPING_FROM} 收取 ${SHIPPING_FEE} 运费，偏远地区同样适用。量子邮箱、量子钉、量子会议、量子身份等服务类商品不发货，不收运费。`,
      },
      {
        question: '多久发货？用什么快递？',
        answer:
          `设备类商品由顺丰速运发出，付款后一般 ${DISPATCH_HOURS} 小时内发货，大促期间可能顺延。发货后订单变为“待收货”，可在订单详情的“物流详情”中查看承运商与运单号。`,
      },
      {
        question: '收到货后需要做什么？',
        answer:
          `签收时请当面检查外包装是否完好。确认商品无误后可在订单详情点击“确认收货”；如未手动确认，快递签收 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后（未收到签收信息时为发货 ${SHIPPED_AUTO_COMPLETE_DAYS} 天后）系统会自动确认收货，订单变为“已完成”。`,
      },
    ],
  },
  {
    id: 'service',
    title: '服务订阅与激活码',
    items: [
      {
        question: '购买量子邮箱、量子钉等服务后如何使用？',
        answer:
          '服务类商品付款成功后订单直接变为“已完成”，激活码显示在订单详情中，不需要等待发货。登录对应服务的控制台或 App，在“激活”页面输入激活码即可开通，有效期自激活之日起计算，一般为 1 年。',
      },
      {
        question: '激活码可以给同事或家人使用吗？',
        answer:
          '可以。激活码在激活之前不与任何账号绑定，可以转交给同事或家人使用；一经激活即与激活它的账号绑定，不能再转移。请像保管现金一样保管未使用的激活码，不要发布在公开场合。',
      },
    ],
  },
  {
    id: 'after-sales',
    title: '退换货与保修',
    items: [
      {
        question: `支持 ${RETURN_DAYS} 天无理由退货吗？`,
        answer:
          `支持。设备类商品自签收之日起 ${RETURN_DAYS} 天内，未在量盾 App 中激活量子密钥、包装与配件齐全且不影响二次销售的，可申请无理由退货。已激活的设备出于密钥安全原因不适用无理由退货，但质量问题仍可享受换货与保修。未使用的服务激活码在付款后 ${RETURN_DAYS} 天内可申请退款，已激活的不支持退款。`,
      },
      {
        question: '退货、换货寄回的运费谁承担？',
        answer: `${RETURN_SHIPPING_HELP}运费补偿单独退款，不计入商品退款，也不影响已开的发票。`,
      },
      {
        question: '设备的保修政策是什么？',
        answer:
          `量盾设备享受全国联保：签收后 ${RETURN_DAYS} 天内出现性能故障可选择退货，${EXCHANGE_DAYS} 天内可换货；量子加密耳机与头戴耳机整机保修 1 年，量子加密移动硬盘保修 3 年，充电线等配件保修 6 个月。人为损坏、进液超出防护等级或私自拆机不在保修范围内。`,
      },
      {
        question: '移动硬盘送修，里面的数据会泄露吗？',
        answer:
          '不会。硬盘数据由硬件加密引擎加密，维修人员无法读取。但维修或换新可能需要清除盘内数据，送修前请先把重要文件备份到其他位置，并在量盾 App 中解除绑定；如果盘内资料高度敏感且不再需要，也可以先吊销该硬盘的密钥再寄出。',
      },
    ],
  },
  {
    id: 'invoice',
    title: '发票',
    items: [
      {
        question: '可以开哪些发票？怎么申请？',
        answer:
          '可以开具电子普通发票（个人或单位抬头）和电子增值税专用发票（仅单位抬头）。订单付款后，在订单详情点击“申请开票”，填写抬头与接收邮箱即可，每个订单开具一张发票。发票开具后会发送到您的邮箱，也可以在“我的发票”中下载 PDF。',
      },
      {
        question: '申请增值税专用发票需要哪些信息？',
        answer:
          `需要填写单位名称、统一社会信用代码（${TAX_NO_LENGTH} 位）、注册地址、注册电话、开户银行和银行账号，信息须与税务登记一致。单位抬头开具普通发票时同样必须填写统一社会信用代码。`,
      },
      {
        question: '发票信息填错了怎么办？',
        answer:
          '发票尚未开具时，请联系客服驳回后重新提交申请；发票已经开具的，我们会为您开具红字发票冲销原发票，再按正确信息重新开具。',
      },
    ],
  },
  {
    id: 'security',
    title: '设备与账号安全',
    items: [
      {
        question: '耳机或硬盘丢失了怎么办？',
        answer: `请立即打开量盾 App，进入“我的设备”，选择丢失的设备后点击“吊销密钥”。吊销后，耳机中剩余的量子密钥全部作废，无法再发起加密通话；硬盘的托管密钥被销毁，盘内数据无法再被解密。如果手机也一并丢失，请致电客服 ${SERVICE_PHONE}，核验身份后由客服代为吊销。`,
      },
      {
        question: '加密通话对方也需要量盾设备吗？',
        answer:
          '需要。端到端的量子加密通话要求通话双方都使用量盾 App（或量盾耳机、头戴耳机）并已激活量子密钥。对方使用普通电话时，通话会以普通方式接通，App 会明确显示“未加密”，不会误导您以为通话已加密。',
      },
      {
        question: '换了新手机，量子密钥和设备绑定怎么迁移？',
        answer:
          '在新手机上安装量盾 App 并用原手机号登录，在“我的设备”中选择设备后点击“迁移到本机”，旧手机会收到确认请求；旧手机不可用时，可通过人脸核验或联系客服完成迁移。迁移后旧手机上的密钥会自动作废。',
      },
    ],
  },
];

