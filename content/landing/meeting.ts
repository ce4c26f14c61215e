/** /quantumMeeting (and its indexcopy twin). */
import { art, DEPLOY_ACTION, LINK, PRODUCT, serviceActivation } from './shared';
import type { LandingContent } from './types';

export const MEETING: LandingContent = {
  path: '/quantumMeeting',
  hero: {
    eyebrow: '量子安全服务 · 视频会议',
    title: '量子会议',
    pitch: '每一场会议都有自己的量子会议密钥。音视频和屏幕共享在参会者的设备上加密，媒体服务器只转发密文；会议结束，密钥即销毁。最多 300 方同时入会，单场不限时长。',
    productId: PRODUCT.meeting,
    secondary: DEPLOY_ACTION,
    points: ['每场会议独立量子会议密钥', '最多 300 方，单场不限时', '等候室、会议密码与会中水印'],
    art: art('meeting', '示意图：多方视频会议的音视频流经量子密钥加密'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '一场量子会议的密钥从哪里来',
      steps: [
        { title: '开会即分发密钥', text: '主持人开始会议时，量子密钥服务为这场会议生成独立的会议密钥，每场各不相同，每周例会也不例外。' },
        { title: '准入后才拿到密钥', text: '参会者通过会议密码与等候室后，会议密钥才封装下发到他的设备；有人被移出会议，会议密钥随即轮换，他手里的旧密钥作废。' },
        { title: '终端加密，服务器只转发', text: '摄像头、麦克风与共享屏幕的内容在本机加密后上传，媒体服务器只负责把密文转发给其他参会者，无法解码任何画面与声音。' },
        { title: '录制同样是密文', text: '开启云录制时，服务器保存的是加密后的媒体流；回放需由主持人授权的账号在客户端解密。' },
      ],
    },
    {
      kind: 'table',
      id: 'seen',
      title: '媒体服务器能看到什么',
      caption: '量子会议媒体服务器可见与不可见的信息',
      head: ['信息', '服务器是否可见', '说明'],
      rows: [
        ['会议号、开始与结束时间', '可见', '用于调度与统计'],
        ['参会人数与网络质量', '可见', '用于分配带宽、保证流畅'],
        ['音视频与共享屏幕', '不可见', '只转发密文'],
        ['会中聊天与文件', '不可见', '与音视频使用同一把会议密钥加密'],
        ['云录制内容', '不可见', '以密文存储，需主持人授权解密'],
      ],
    },
    {
      kind: 'features',
      id: 'features',
      title: '开会时的安全细节',
      columns: 2,
      items: [
        { title: '等候室与会议密码', text: '外部人员先进入等候室，由主持人逐一确认后放行；会议密码与会议号建议分开发送，被转发的链接无法直接入会。' },
        { title: '会中水印', text: '共享屏幕与视频画面叠加参会者姓名水印，截图或翻拍外流时可追溯到具体的人。' },
        { title: '与量盾 200 全链路加密', text: '佩戴量盾 200 头戴耳机入会时，声音从麦克风开始即被加密，连电脑上的声卡驱动也拿不到明文。' },
        { title: '不限时长', text: '单场会议不限时长，通宵的项目攻关或全天培训无需中途重开会议、反复发链接。' },
      ],
    },
    {
      kind: 'table',
      id: 'plans',
      title: '标准版还是专业版',
      caption: '量子会议标准版与专业版对比',
      head: ['项目', '标准版', '专业版'],
      rows: [
        ['价格', { price: { productId: PRODUCT.meeting, sku: '标准版' } }, { price: { productId: PRODUCT.meeting, sku: '专业版' } }],
        ['单场最多参会方', '100 方', '300 方'],
        ['单场时长', '不限时', '不限时'],
        ['云录制加密存储', '100 GB', '100 GB'],
        ['适合', '部门例会、客户沟通、日常远程办公', '全员大会、跨地区培训、董事会与发布会'],
      ],
    },
    { kind: 'specs', id: 'specs', title: '服务规格', productIds: [PRODUCT.meeting] },
    serviceActivation('量子会议', '量子会议管理后台'),
    {
      kind: 'products',
      id: 'products',
      title: '订阅与搭配',
      intro: '搭配量盾 200 头戴耳机，获得从麦克风开始的全链路加密。',
      productIds: [PRODUCT.meeting, PRODUCT.headset200],
    },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.headset200, LINK.ding, LINK.deployment] },
  ],
};
