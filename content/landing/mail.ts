/** /quantumMail and /quantumMail/quantumMailPrice. */
import { SERVICE_PHONE } from '@/lib/shop-identity';
import { art, DEPLOY_ACTION, LINK, PRODUCT, serviceActivation } from './shared';
import type { LandingContent } from './types';

const both = (v: string) => [v, v];

export const MAIL: LandingContent = {
  path: '/quantumMail',
  hero: {
    eyebrow: '量子安全服务 · 邮件',
    title: '量子邮箱',
    pitch: '每一封邮件都有自己的量子密钥。正文和附件在你的设备上加密、在收件人的设备上解密，邮件服务器从头到尾只保存密文，连我们的管理员也读不到你的邮件。',
    productId: PRODUCT.mail,
    secondary: DEPLOY_ACTION,
    points: ['每封邮件独立量子会话密钥', '服务器只存密文', '支持企业自定义域名与主流客户端'],
    art: art('mail', '示意图：量子密钥为每封邮件加锁，邮件以密文投递'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '一封量子邮件的旅程',
      steps: [
        { title: '申请会话密钥', text: '点击发送时，客户端向量子密钥服务申请一把只属于这封邮件的会话密钥，它来自量子密钥分发网络，不会与任何其他邮件重复。' },
        { title: '本地加密', text: '正文与附件在本机用会话密钥加密；会话密钥再分别为每位收件人单独封装，随邮件一同发出。' },
        { title: '服务器只存密文', text: '服务器负责投递与存储，拿到的只有密文和封装后的密钥，没有任何收件人的私钥，因此无法解开。' },
        { title: '收件人解密', text: '收件人的客户端用自己的密钥解开会话密钥，再还原邮件。转发时为新收件人重新封装，原密钥不会外泄。' },
      ],
    },
    {
      kind: 'table',
      id: 'seen',
      title: '服务器能看到什么',
      intro: '为了把邮件送到，服务器必须知道一些信息；其余的，它一概看不到。',
      caption: '量子邮箱服务器可见与不可见的信息',
      head: ['信息', '服务器是否可见', '说明'],
      rows: [
        ['收件人与发件人地址', '可见', '投递邮件所必需'],
        ['发送时间与邮件大小', '可见', '用于排序与存储空间统计'],
        ['邮件主题', '不可见', '主题与正文一起加密，搜索在你的设备本地进行'],
        ['正文与附件', '不可见', '只以密文存储，管理员同样无法查看'],
      ],
    },
    {
      kind: 'features',
      id: 'daily',
      title: '用起来和普通邮箱一样',
      columns: 2,
      items: [
        { title: '自定义域名', text: '企业版可使用单位自己的域名，按向导添加 MX 与验证记录即可，员工原有的邮件地址不用变。' },
        { title: '发往外部邮箱：密码信封', text: '收件人不使用量子邮箱时，对方收到一封只含安全链接的通知，凭你经短信或电话另行告知的提取密码在线查看。' },
        { title: '熟悉的客户端', text: '网页版与 Windows、macOS、iOS、Android 客户端全平台可用；也可通过 IMAP/SMTP 接入 Outlook、Foxmail，由本机安全组件完成加解密。' },
        { title: '大附件与大空间', text: '个人版 20 GB、企业版每账号 50 GB 空间，单个附件最大 2 GB，设计稿和合同扫描件不必再借助网盘。' },
      ],
    },
    {
      kind: 'features',
      id: 'who',
      title: '谁适合用量子邮箱',
      columns: 3,
      items: [
        { title: '律所与会计师事务所', text: '与客户往来的合同、账目和证据材料以密文保存，邮箱即使被入侵，泄露的也只是密文。' },
        { title: '医疗与科研机构', text: '病历、基因数据与未发表的成果经邮件传递时，不在服务器上留下明文。' },
        { title: '注重隐私的个人', text: '简历、证件照片、家庭财务文件，个人版让私人邮件也享受同等保护。' },
      ],
    },
    { kind: 'specs', id: 'specs', title: '服务规格', productIds: [PRODUCT.mail] },
    { kind: 'prices', id: 'buy', title: '版本与价格', productIds: [PRODUCT.mail] },
    {
      kind: 'products',
      id: 'products',
      title: '量子安全服务',
      intro: '量子邮箱可与量子钉、量子会议、量子身份组合使用，共用同一套量子密钥体系。',
      productIds: [PRODUCT.mail, PRODUCT.ding, PRODUCT.meeting, PRODUCT.identity],
    },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.mailPrice, LINK.deployment, LINK.identity] },
  ],
};

export const MAIL_PRICE: LandingContent = {
  path: '/quantumMail/quantumMailPrice',
  hero: {
    eyebrow: '量子邮箱 · 价格与版本',
    title: '量子邮箱价格与版本',
    pitch: '两个版本，同一套量子加密：个人版为一个人的私密邮件准备，企业版为整个组织提供自定义域名、统一管理与更大的空间。均按年订阅，价格实时更新。',
    productId: PRODUCT.mail,
    secondary: { href: '#compare', label: '版本对比' },
    points: ['个人版与企业版加密强度相同', '企业版按账号数购买', '支持增值税普通发票与专用发票'],
    art: art('mail', '示意图：量子邮箱个人版与企业版共用量子密钥加密'),
  },
  blocks: [
    {
      kind: 'table',
      id: 'compare',
      title: '个人版与企业版对比',
      caption: '量子邮箱个人版与企业版功能与价格对比',
      head: ['项目', '个人版', '企业版'],
      rows: [
        ['价格', { price: { productId: PRODUCT.mail, sku: '个人版' } }, { price: { productId: PRODUCT.mail, sku: '企业版' } }],
        ['计费方式', '每个账号每年', '每个账号每年，按账号数购买'],
        ['存储空间', '20 GB', '每账号 50 GB'],
        ['单个附件上限', ...both('2 GB')],
        ['每封邮件独立量子密钥', ...both('支持')],
        ['服务器只存密文', ...both('支持')],
        ['密码信封（发往外部邮箱）', ...both('支持')],
        ['IMAP/SMTP 客户端接入', ...both('支持')],
        ['自定义域名', '不支持，使用量子邮箱默认域名', '支持'],
        ['管理后台', '不提供', '成员增删、设备吊销、离职邮件交接'],
        ['私有化部署', '不提供', '可选，需单独评估'],
        ['有效期', ...both('自激活起 1 年')],
      ],
      note: '价格来自商城实时数据，划线价为原价，以下单时显示为准。',
    },
    serviceActivation('量子邮箱', '量子邮箱控制台'),
    {
      kind: 'faq',
      id: 'faq',
      title: '计费与发票常见问题',
      items: [
        { q: '企业版怎么计算费用？', a: '企业版按账号计费：需要多少个邮箱账号，下单时就把数量设为多少，每个账号对应一个一年期激活码。年中新增成员时单独加购即可，新账号自激活起计算一年。' },
        { q: '有效期从哪天开始算？', a: '从激活码激活之日起计算 1 年，而不是付款之日，所以可以提前为即将入职的同事备好账号。' },
        { q: '到期后怎样续费？', a: '到期前再次购买同一版本，在控制台把新激活码绑定到原账号即可顺延一年，邮件与设置全部保留。' },
        { q: '可以开发票吗？', a: '可以。付款后在订单详情中点击“申请开票”，可开增值税普通发票或专用发票。企业抬头需填写单位名称与统一社会信用代码，专用发票还需注册地址、电话、开户行与账号；电子发票发送到你填写的邮箱，也可在发票详情中下载。' },
        { q: '支持对公转账吗？', a: `支持。在线下单可使用微信支付或支付宝支付；企业批量采购请拨打客服热线 ${SERVICE_PHONE} 或在“私有化部署”页面留言，核对账号数量后提供对公账户与采购合同。` },
        { q: '付款后可以退款吗？', a: '服务类商品付款后立即发放激活码、订单随即完成，请在下单前确认版本与数量；如激活或使用遇到问题，请联系客服协助处理。' },
      ],
    },
    {
      kind: 'products',
      id: 'products',
      title: '订阅与搭配',
      intro: '企业版搭配量子身份，员工可扫码免密登录邮箱。',
      productIds: [PRODUCT.mail, PRODUCT.identity],
    },
    {
      kind: 'links',
      id: 'more',
      title: '继续了解',
      links: [LINK.mail, LINK.deployment, { href: '/helpCenter/userGuide', title: '购物指南', text: '下单、支付、开票的完整流程。' }],
    },
  ],
};
