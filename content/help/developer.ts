/** /SDK (developer SDK) and /deployment (private deployment) page content. */
import type { TextItem } from './company';

export const SDK = {
  lead: '量盾开发者 SDK 让您在自己的应用和系统中直接使用量盾的量子密钥、加密通话与量子身份能力：不必自己搭建密钥基础设施，也不必成为密码学专家。',
  offers: [
    {
      title: '量子密钥 API',
      text: '按需申请由量子密钥分发网络生成的会话密钥，并把同一把密钥安全地交付给两个或多个已登记的终端。每一方只能取用一次，取用后服务端即销毁。适用于系统之间的数据加密、文件加密和自研通信协议。',
      points: ['256 位会话密钥，毫秒级下发', '按终端登记与授权，可设置有效期', '调用审计日志，可导出到自有 SIEM'],
    },
    {
      title: '加密通话 SDK',
      text: '在您的 App 中加入与量盾 App 同等级的端到端量子加密语音与视频通话，可与量盾 Q1、头戴耳机联动，实现从耳机开始的全链路加密。SDK 内置安全码核对界面与通话加密状态回调。',
      points: ['Android、iOS、Windows、macOS 客户端库', '支持与量盾耳机、头戴耳机联动', '音频 Opus、视频 H.264 / H.265'],
    },
    {
      title: '量子身份 OIDC',
      text: '量子身份是标准的 OpenID Connect 身份提供方，也支持 SAML 2.0。业务系统按标准协议对接即可获得扫码免密登录、单点登录与高风险操作二次确认，无需引入私有协议。',
      points: ['标准 OIDC 发现文档与 JWKS', '授权码模式 + PKCE', '高风险操作确认接口（推送到量盾 App）'],
    },
  ],
  platforms: {
    caption: '支持平台',
    head: ['组件', '平台与语言'],
    rows: [
      ['量子密钥 API（服务端）', 'REST / gRPC；Java 11+、Go 1.21+、Node.js 20+、Python 3.9+ 官方库'],
      ['加密通话 SDK（客户端）', 'Android 8.0+、iOS 14+、Windows 10+、macOS 12+'],
      ['量子身份', '任意支持 OIDC 或 SAML 2.0 的系统；提供 Spring Security、Node.js 接入示例'],
      ['私有化环境', '与私有化部署的量子密钥管理平台对接，接口与云端一致'],
    ],
  },
  sample: {
    title: '示例：为两个系统申请同一把量子会话密钥（Node.js）',
    code: `import { QuantumKeyClient } from '@liangdun/qkey';

const client = new QuantumKeyClient({
  appId: process.env.LD_APP_ID,
  appSecret: process.env.LD_APP_SECRET,
});

// 为两台已登记的终端申请一把 256 位会话密钥，5 分钟内有效
const { keyId, key } = await client.keys.create({
  bits: 256,
  peers: ['dev_7f3a9c', 'dev_2b81e4'],
  ttlSeconds: 300,
});

// 对端凭 keyId 取回同一把密钥；每个终端只能取用一次，之后服务端销毁
const peerKey = await client.keys.fetch(keyId, { deviceId: 'dev_2b81e4' });`,
    note: 'SDK 与完整的接口文档在开通开发者账号后，从开发者控制台下载。',
  },
  access: [
    { title: '提交申请', text: '在私有化部署咨询页面留下联系方式，意向产品选择“整体解决方案”，在需求描述中写明“申请 SDK”以及应用场景。' },
    { title: '签署协议', text: '顾问与您确认场景后，双方签署开发者协议与保密协议。' },
    { title: '开通沙箱', text: '获得沙箱环境的 AppID 与密钥，可登记 10 台测试终端，每月 10,000 次密钥调用，沙箱免费。' },
    { title: '联调与安全评审', text: '工程师协助联调；上线前对密钥使用方式做一次安全评审。' },
    { title: '正式上线', text: '开通生产凭据，按调用量或终端数计费；也可以连同量子密钥管理平台一起私有化部署。' },
  ] satisfies TextItem[],
};

export const DEPLOYMENT = {
  lead: '对数据不出本单位有要求的政企客户，可以把量盾的量子安全服务部署在自己的机房或专属云中。密钥、数据和日志全部留在您的环境里，功能与云端版本一致。',
  deployables: [
    { title: '量子密钥管理平台', text: '接入量子密钥分发网络或量子随机数发生器，为全单位的耳机、硬盘与各项服务统一生成、托管和吊销密钥。' },
    { title: '量子邮箱', text: '使用单位自有域名，邮件正文与附件端到端加密，可对接现有邮件网关与归档系统。' },
    { title: '量子钉', text: '组织架构从现有目录同步，聊天与文件端到端加密，合规归档使用单位自有密钥。' },
    { title: '量子会议', text: '媒体服务器部署在内网，支持与会议室终端和量盾 200 头戴耳机联动。' },
    { title: '量子身份', text: '对接 OA、业务系统与 VPN 的单点登录，支持 LDAP / AD 同步，可与现有 CA 并存。' },
  ] satisfies TextItem[],
  modes: {
    caption: '部署方式',
    head: ['方式', '适合', '说明'],
    rows: [
      ['本地机房', '对数据驻留要求最高的单位', '全部组件部署在您的服务器上，可完全离线运行'],
      ['专属云', '已使用政务云或行业云的单位', '部署在您的云租户中，由您掌握全部密钥'],
      ['混合部署', '希望快速上线的单位', '密钥管理平台部署在本地，其余服务使用量盾云'],
    ],
  },
  process: [
    { title: '需求沟通', text: '提交表单后，专属顾问一个工作日内联系您，了解人数、场景与合规要求。' },
    { title: '方案与报价', text: '根据规模与部署方式给出架构方案、硬件清单与报价。' },
    { title: '测试验证', text: '在您的环境中进行 2 至 4 周的测试验证，确认与现有系统的兼容性。' },
    { title: '部署实施', text: '工程师现场或远程部署，完成组织架构同步与数据迁移。' },
    { title: '培训与验收', text: '为管理员与员工提供培训，按验收清单逐项确认。' },
    { title: '运维保障', text: '提供版本升级与安全补丁，企业客户享有 7×24 小时故障响应。' },
  ] satisfies TextItem[],
};
