/** /quantumDing (and its indexcopy twin). */
import { art, DEPLOY_ACTION, LINK, PRODUCT, serviceActivation } from './shared';
import type { LandingContent } from './types';

export const DING: LandingContent = {
  path: '/quantumDing',
  hero: {
    eyebrow: '量子安全服务 · 团队即时通讯',
    title: '量子钉',
    pitch: '团队的每一条消息、每一个文件、每一段语音，都用量子密钥端到端加密，服务器只转发密文。成员离职时，管理员统一吊销其设备，聊天记录不会跟着人走。',
    productId: PRODUCT.ding,
    secondary: DEPLOY_ACTION,
    points: ['单聊群聊端到端量子加密', '阅后即焚与防截屏水印', '组织架构与设备统一管理'],
    art: art('chat', '示意图：量子钉的聊天消息经量子密钥加密后传输'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '消息是怎样被保护的',
      steps: [
        { title: '设备入网', text: '成员在新设备上登录时，设备在本地生成自己的密钥，经管理员或已登录设备确认后加入组织。每台设备各有一把，而不是整个账号共用。' },
        { title: '单聊一次一密', text: '两人对话时，双方设备从量子密钥服务获取共享的会话密钥，消息在发送方加密、在接收方解密，并定期自动换钥。' },
        { title: '群聊成员变动即换钥', text: '每个群有一把群密钥，分别封装给每台成员设备。有人入群或退群，群密钥立即轮换：新成员看不到入群前的消息，退群者看不到之后的消息。' },
        { title: '本地记录也加密', text: '聊天记录在手机和电脑上以设备密钥加密保存。设备被吊销后，下次联网即销毁本地密钥，留在设备上的记录再也打不开。' },
      ],
    },
    {
      kind: 'features',
      id: 'features',
      title: '为团队协作设计的安全功能',
      columns: 2,
      items: [
        { title: '阅后即焚', text: '为单条消息或整个会话设定焚毁时间，到时在所有参与者的设备上同时删除；服务器上的密文在全部投递后即清除。' },
        { title: '防截屏水印', text: '聊天界面覆盖带有查看人姓名与工号的半透明水印，截图或翻拍外流时可追溯到人；敏感会话可在手机上禁止截屏。' },
        { title: '组织架构与统一管理', text: '按部门导入成员，新员工入职自动进入部门群；管理员可查看设备清单、强制下线与吊销设备，但无法读取任何聊天内容。' },
        { title: '文件与语音', text: '单个文件最大 2 GB，文件与语音消息和文字一样端到端加密，在线预览也在本机解密完成。' },
      ],
    },
    {
      kind: 'table',
      id: 'plans',
      title: '团队版还是企业版',
      caption: '量子钉团队版与企业版对比',
      head: ['项目', '团队版', '企业版'],
      rows: [
        ['价格', { price: { productId: PRODUCT.ding, sku: '团队版' } }, { price: { productId: PRODUCT.ding, sku: '企业版' } }],
        ['计费方式', '每套含 20 个成员账号，按年订阅', '按人数购买，每人每年'],
        ['团队规模', '可叠加购买，最多 200 人', '不设上限'],
        ['端到端量子加密、阅后即焚、水印', '支持', '支持'],
        ['私有化部署', '不提供', '可选'],
        ['适合', '创业公司、项目组、工作室', '中大型企业、集团与政企单位'],
      ],
      note: '团队版超过 20 人时再购买一套即可叠加账号；人数超过 200 请选择企业版。',
    },
    {
      kind: 'features',
      id: 'who',
      title: '适合谁',
      columns: 3,
      items: [
        { title: '研发与产品团队', text: '需求文档、设计稿、代码片段在群里流转，不会因为某位成员的手机丢失而外泄。' },
        { title: '金融与投行项目组', text: '项目代号、交易条款与尽调资料集中在加密群内讨论，项目结束后解散群组、统一吊销。' },
        { title: '政企与集团单位', text: '组织架构统一管理，可私有化部署在单位内网，满足数据不出单位的要求。' },
      ],
    },
    { kind: 'specs', id: 'specs', title: '服务规格', productIds: [PRODUCT.ding] },
    serviceActivation('量子钉', '量子钉管理后台'),
    { kind: 'products', id: 'products', title: '订阅量子钉', productIds: [PRODUCT.ding, PRODUCT.meeting] },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.meeting, LINK.identity, LINK.deployment] },
  ],
};
