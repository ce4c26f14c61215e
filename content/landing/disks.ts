/** /quantumDisk (the line), /QuantumDisks (buying guide) and /quantumDisk_200. */
import { art, LINK, PRODUCT, SPECS_ACTION } from './shared';
import type { LandingContent } from './types';

const DISK_ART_ALT = '示意图：量子密钥托管到移动硬盘，盘内数据以密文存储';

export const DISK_LINE: LandingContent = {
  path: '/quantumDisk',
  hero: {
    eyebrow: '量子加密移动硬盘系列',
    title: '量盾量子加密移动硬盘',
    pitch: '文件写进硬盘的那一刻就已加密。加密由盘内硬件引擎完成，密钥由量子密钥服务托管：忘了口令可以找回，硬盘丢了可以远程吊销。',
    productId: PRODUCT.disk100,
    secondary: SPECS_ACTION,
    points: ['硬件 AES-256-XTS 全盘加密', '量子密钥托管，丢失远程吊销', '量盾 100 口令解锁，量盾 200 指纹解锁'],
    art: art('disk', DISK_ART_ALT),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'how',
      title: '数据在盘里是怎样被保护的',
      steps: [
        { title: '盘内生成数据密钥', text: '初始化时，硬盘的加密引擎生成一把数据密钥，所有数据以 AES-256-XTS 实时加密后才写入闪存。运算在硬件中完成，不占电脑资源。' },
        { title: '用口令或指纹封装', text: '数据密钥不以明文保存，而是用你的口令（量盾 100）或指纹与口令（量盾 200）派生的密钥封装起来。没有正确的解锁因子，闪存里只有密文。' },
        { title: '量子密钥托管', text: '数据密钥还会用一把来自量子密钥分发网络的托管密钥再封装一份，交由量子密钥服务保存。忘记口令时，经身份核验即可恢复访问。' },
        { title: '远程吊销', text: '硬盘丢失后在量盾 App 中标记丢失：托管副本随即销毁，硬盘下一次请求解锁授权时被拒绝，并清除盘内封装的密钥。' },
      ],
      note: '默认每次解锁都需经电脑端量盾客户端或手机 App 联网完成授权校验。完全离线的环境可由管理员开启离线解锁，但吊销要等硬盘下一次联网才生效。',
    },
    {
      kind: 'table',
      id: 'finder',
      title: '硬盘丢了，捡到的人能做什么',
      caption: '他人拿到丢失硬盘后的各种尝试与结果',
      head: ['尝试', '结果'],
      rows: [
        ['直接插上电脑读取', '解锁前电脑只能识别到一个锁定的设备，看不到任何文件'],
        ['反复猜口令', '量盾 100 连续输错 10 次自动锁定；量盾 200 还需要你的指纹'],
        ['拆下闪存芯片单独读取', '读到的是 AES-256-XTS 密文，没有数据密钥无法还原'],
        ['等你来不及处理', '在 App 中标记丢失后，托管密钥即刻销毁，解锁授权一律被拒绝'],
      ],
    },
    { kind: 'specs', id: 'specs', title: '量盾 100 与量盾 200 参数对比', productIds: [PRODUCT.disk100, PRODUCT.disk200] },
    {
      kind: 'features',
      id: 'choose',
      title: '两款怎么选',
      columns: 2,
      items: [
        { title: '量盾 100：日常办公的安全标配', text: '厚度仅 9 mm、重 52 g，口令解锁，500GB 与 1TB 两种容量，适合合同、财务报表、病历、证件扫描件的日常携带与归档。' },
        { title: '量盾 200：出差外勤的高速款', text: '指纹与口令双因子，读取 1050 MB/s，铝合金机身可承受 2 米跌落，1TB 与 2TB 容量，适合随身携带设计稿、视频素材或审计底稿。' },
      ],
    },
    { kind: 'products', id: 'products', title: '在售移动硬盘', productIds: [PRODUCT.disk100, PRODUCT.disk200] },
    { kind: 'prices', id: 'buy', title: '容量与价格', productIds: [PRODUCT.disk100, PRODUCT.disk200] },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.diskGuide, LINK.disk200, LINK.diskGuideHelp] },
  ],
};

export const DISK_GUIDE: LandingContent = {
  path: '/QuantumDisks',
  hero: {
    eyebrow: '选购指南',
    title: '量子加密移动硬盘选购指南',
    pitch: '量盾 100 与量盾 200 的加密强度完全相同：同样的硬件 AES-256-XTS 引擎，同样的量子密钥托管与远程吊销。区别在解锁方式、速度、容量和机身，三分钟看懂该选哪一块。',
    productId: PRODUCT.disk200,
    secondary: { href: '#compare', label: '查看对比' },
    points: ['一张表看懂两款差异', '按使用场景给出推荐', '容量、接口与解锁方式的挑选建议'],
    art: art('disk', DISK_ART_ALT),
  },
  blocks: [
    {
      kind: 'table',
      id: 'compare',
      title: '量盾 100 与量盾 200 对比',
      caption: '量盾 100 与量盾 200 主要差异',
      head: ['对比项', '量盾 100', '量盾 200'],
      rows: [
        ['较小容量价格', { price: { productId: PRODUCT.disk100, sku: '500GB' } }, { price: { productId: PRODUCT.disk200, sku: '1TB' } }],
        ['较大容量价格', { price: { productId: PRODUCT.disk100, sku: '1TB' } }, { price: { productId: PRODUCT.disk200, sku: '2TB' } }],
        ['容量', '500GB / 1TB', '1TB / 2TB'],
        ['加密与密钥', '硬件 AES-256-XTS，量子密钥托管', '硬件 AES-256-XTS，量子密钥托管'],
        ['解锁方式', '数字口令 / App 授权', '指纹 / 口令 / App 授权，可要求双因子'],
        ['防暴力破解', '连续输错 10 次自动锁定', '指纹与口令双因子'],
        ['接口', 'USB 3.2 Gen1 Type-C', 'USB 3.2 Gen2 Type-C'],
        ['读写速度', '读取 540 MB/s，写入 500 MB/s', '读取 1050 MB/s，写入 1000 MB/s'],
        ['拷贝 10 GB 文件', '约 20 秒', '约 10 秒'],
        ['机身', '厚 9 mm，52 g', '92 × 56 × 11 mm，68 g，铝合金，2 米防摔'],
        ['丢失后远程吊销', '支持', '支持'],
      ],
      note: '速度为理论最高值，实际速度受电脑接口与文件大小影响；价格为实时价格，以下单时为准。',
    },
    {
      kind: 'table',
      id: 'scenes',
      title: '按场景挑选',
      caption: '常见使用场景与推荐型号',
      head: ['你的情况', '推荐', '理由'],
      rows: [
        ['行政、财务日常存放合同与报表', '量盾 100 · 500GB', '以文档为主，容量够用，口令解锁上手快'],
        ['医生、律师随身携带病历或案卷', '量盾 100 · 1TB', '扫描件积累快，9 mm 机身方便装进口袋'],
        ['多人轮流使用、交接资料', '量盾 100', '口令可随交接更换，指纹更适合一人专用'],
        ['经常出差的销售与咨询顾问', '量盾 200 · 1TB', '指纹验证，不必在公共场合反复输入口令'],
        ['设计师、摄影师、视频剪辑', '量盾 200 · 2TB', '素材体积大，高速读写节省大量拷贝时间'],
        ['审计、尽调等外勤项目组', '量盾 200 · 2TB', '铝合金机身耐摔，项目结束可统一吊销'],
      ],
    },
    {
      kind: 'features',
      id: 'advice',
      title: '挑选建议',
      columns: 2,
      items: [
        { title: '容量：按三年估算', text: '先估算现在要带的资料量，再乘以三。以文档为主选 500GB；常存扫描件和照片选 1TB；视频与设计源文件直接选 2TB。' },
        { title: '接口：先看电脑', text: '量盾 200 要跑满速度，电脑需有 USB 3.2 Gen2（10 Gbps）接口；插在老接口上也能用，只是速度受限。电脑只有 Gen1 接口时，量盾 100 已经够快。' },
        { title: '解锁：一人专用选指纹', text: '指纹解锁快，也不怕旁人看到口令；需要在同事间交接的盘，口令更方便更换。两款都支持在手机 App 上授权解锁。' },
        { title: '别跳过密钥托管', text: '托管是找回口令和远程吊销的前提。拿到硬盘后先在量盾 App 中完成绑定并开启托管，再存入重要资料。' },
      ],
    },
    {
      kind: 'faq',
      id: 'faq',
      title: '常见问题',
      items: [
        { q: '加密会让硬盘变慢吗？', a: '不会明显变慢。加解密由盘内硬件引擎完成，表中的读写速度就是开启加密时的速度，电脑 CPU 不参与运算。' },
        { q: '在 Mac 和 Linux 上能用吗？', a: '可以。解锁后硬盘以标准 USB 存储设备出现，Windows、macOS 与主流 Linux 发行版均可读写，联网授权可在手机 App 上完成。' },
        { q: '忘记口令会丢数据吗？', a: '开启了量子密钥托管，就可以在量盾 App 中通过身份核验恢复访问；未开启托管时忘记口令将无法恢复，这是加密硬盘的安全代价。' },
        { q: '企业可以批量采购并统一管理吗？', a: '可以。企业可集中查看每块硬盘的绑定人与状态，员工离职时统一吊销。批量采购请在“私有化部署”页面留下需求。' },
      ],
    },
    { kind: 'products', id: 'products', title: '在售型号', productIds: [PRODUCT.disk100, PRODUCT.disk200] },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.diskLine, LINK.disk200, LINK.diskGuideHelp] },
  ],
};

export const DISK_200: LandingContent = {
  path: '/quantumDisk_200',
  hero: {
    eyebrow: '量子加密移动硬盘 · 指纹款',
    title: '量盾 200 量子加密移动硬盘',
    pitch: '指纹和口令两道锁，1050 MB/s 的速度，一块扛得住 2 米跌落的铝合金机身。硬盘丢了也不慌：在手机上标记丢失，盘里的数据就再也打不开。',
    productId: PRODUCT.disk200,
    secondary: SPECS_ACTION,
    points: ['指纹 + 口令双因子解锁', '读取 1050 MB/s，写入 1000 MB/s', '量子密钥托管，丢失远程吊销'],
    art: art('disk', '示意图：量盾 200 移动硬盘的指纹传感器与加密存储'),
  },
  blocks: [
    {
      kind: 'steps',
      id: 'unlock',
      title: '从插上到打开：一次解锁发生了什么',
      steps: [
        { title: '指纹在盘内比对', text: '手指按在机身传感器上，指纹模板只保存在硬盘自带的安全区里，比对也在盘内完成，不会上传到电脑或云端。' },
        { title: '口令作为第二因子', text: '存放机密资料时，可要求指纹与口令同时通过：两个因子共同派生出解封密钥，缺一不可。' },
        { title: '联网授权校验', text: '硬盘经电脑端量盾客户端或手机 App 向量子密钥服务确认自己未被吊销，过程中只交换授权信息，文件内容不经过网络。' },
        { title: '硬件实时加解密', text: '解封后的数据密钥只存在于加密引擎的内存中，读写时实时完成 AES-256-XTS 运算；拔下硬盘即断电清除，下次使用需重新解锁。' },
      ],
    },
    {
      kind: 'features',
      id: 'highlights',
      title: '快、稳、耐摔',
      columns: 3,
      items: [
        { title: '1050 MB/s 高速读写', text: 'USB 3.2 Gen2 接口，读取 1050 MB/s、写入 1000 MB/s，10 GB 视频素材约 10 秒拷完，约为量盾 100 的两倍。' },
        { title: '2 米防摔铝合金机身', text: '一体铝合金外壳兼顾散热与抗摔，从 2 米高度跌落也能保护内部闪存和加密芯片。' },
        { title: '68 g，名片大小', text: '92 × 56 × 11 mm，和一张名片差不多大，放进衬衫口袋或证件包都不占地方。' },
      ],
    },
    {
      kind: 'table',
      id: 'who',
      title: '谁需要量盾 200',
      caption: '量盾 200 的典型用户',
      head: ['使用者', '随身带着什么', '量盾 200 的价值'],
      rows: [
        ['审计与尽调人员', '客户财务底稿、访谈记录', '项目结束统一吊销，资料不会遗留在个人手中'],
        ['影视与设计从业者', '未发布的样片、设计源文件', '2TB 大容量与高速读写，交接素材不怕泄露'],
        ['企业高管与董秘', '并购方案、未公开的财务数据', '指纹加口令双重验证，丢失后远程吊销'],
        ['科研人员', '实验原始数据、未发表的论文', '托管密钥可恢复，换电脑、忘口令都不丢数据'],
      ],
    },
    { kind: 'specs', id: 'specs', title: '量盾 200 参数', productIds: [PRODUCT.disk200] },
    { kind: 'prices', id: 'buy', title: '容量与价格', productIds: [PRODUCT.disk200] },
    { kind: 'products', id: 'products', title: '同系列在售', productIds: [PRODUCT.disk200, PRODUCT.disk100] },
    { kind: 'links', id: 'more', title: '继续了解', links: [LINK.diskGuide, LINK.diskLine, LINK.diskGuideHelp] },
  ],
};
