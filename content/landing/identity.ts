/** /quantumIdentity (and its indexcopy twin). */
import { art, DEPLOY_ACTION, LINK, PRODUCT, serviceActivation } from './shared';
import type { LandingContent } from './types';

export const IDENTITY: LandingContent = {
  path: '/quantumIdentity',
  hero: {
    eyebrow: '量子安全服务 · 身份认证',
    title: '量子身份',
    pitch: '让密码从登录中消失。量子身份用量子随机数为每位员工和每台设备签发数字身份证书，私钥保存在手机安全区，登录只需扫码确认。服务器上没有可被盗用的口令，撞库与钓鱼无从下手。',
    productId: PRODUCT.identity,
    secondary: DEPLOY_ACTION,
    points: ['量子随机数生成的身份证书', '扫码免密登录与单点登录', '高风险操作二次确认'],
    art: art('identity', '示意图：手机扫码确认登录，身份证书由量子随机数生成'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '免密登录是怎样工作的',
      steps: [
        { title: '签发证书', text: '激活量子身份 App 时，手机在安全区内生成密钥对，所用随机数混入了量子随机数发生器产生的真随机数，无法预测或复现。公钥被签发为证书，私钥永不离开安全区。' },
        { title: '扫码发起挑战', text: '登录网站或业务系统时，页面显示一个一次性二维码，其中包含本次登录的随机挑战和网站域名。' },
        { title: '手机签名确认', text: 'App 扫码后核对域名，显示登录地点与设备，经指纹或面容确认后用私钥对挑战签名。假冒网站的域名对不上，签名不会生成。' },
        { title: '服务器验签放行', text: '服务器用证书中的公钥验证签名，通过即登录。服务器只保存公钥，即使整库被窃取，也拿不到任何能用于登录的东西。' },
      ],
    },
    {
      kind: 'table',
      id: 'compare',
      title: '与“口令 + 短信验证码”的区别',
      caption: '传统口令登录与量子身份的风险对比',
      head: ['风险', '口令 + 短信验证码', '量子身份'],
      rows: [
        ['撞库', '同一口令在多个网站复用，一处泄露处处失守', '没有口令可撞'],
        ['钓鱼网站', '用户可能把口令和验证码输进假网站', '签名与域名绑定，假网站拿不到有效签名'],
        ['服务器被拖库', '口令哈希可能被离线破解', '只有公钥，无法用于登录'],
        ['短信劫持', '验证码可能被补办的 SIM 卡或伪基站截获', '不依赖短信'],
        ['员工离职', '需逐个系统回收账号', '吊销证书，所有接入系统同时失效'],
      ],
    },
    {
      kind: 'features',
      id: 'features',
      title: '一套身份，接入所有系统',
      columns: 2,
      items: [
        { title: '单点登录', text: '支持 OIDC 与 SAML 2.0，邮箱、OA、代码仓库、云控制台接入后，员工确认一次即可进入全部已授权系统。' },
        { title: '目录同步', text: '通过 LDAP 同步现有组织架构与账号，入职自动开通、离职自动吊销，不必在每个系统分别维护。' },
        { title: '高风险操作二次确认', text: '付款审批、删除数据、导出客户名单等操作可要求在手机上再次确认，确认页显示的是操作内容本身，而不只是一串验证码。' },
        { title: '多种认证方式', text: '扫码之外还支持推送确认与硬件密钥，适配不便使用手机的产线岗位和安全等级更高的岗位。' },
      ],
    },
    {
      kind: 'table',
      id: 'plans',
      title: '按用户数订阅',
      caption: '量子身份订阅规格对比',
      head: ['项目', '50 用户', '200 用户'],
      rows: [
        ['价格', { price: { productId: PRODUCT.identity, sku: '50 用户' } }, { price: { productId: PRODUCT.identity, sku: '200 用户' } }],
        ['适合', '中小企业、分支机构', '中型企业、集团总部'],
        ['单点登录（OIDC / SAML 2.0）', '支持', '支持'],
        ['LDAP 目录同步', '支持', '支持'],
        ['有效期', '自激活起 1 年', '自激活起 1 年'],
      ],
      note: '超过 200 用户或需要私有化部署的单位，请通过“预约部署”联系顾问获取方案。',
    },
    { kind: 'specs', id: 'specs', title: '服务规格', productIds: [PRODUCT.identity] },
    serviceActivation('量子身份', '量子身份管理后台'),
    {
      kind: 'products',
      id: 'products',
      title: '订阅与搭配',
      intro: '量子身份可作为量子邮箱与量子钉的统一登录入口。',
      productIds: [PRODUCT.identity, PRODUCT.mail, PRODUCT.ding],
    },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.mail, LINK.ding, LINK.deployment] },
  ],
};
