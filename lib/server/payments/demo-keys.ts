/**
 * Demo mode's key material, made once at first start in DATA_DIR/payment-sandbox.json (mode 600):
 * both sides of each provider, since the demo gateways under /sandbox play WeChat Pay and Alipay.
 *   wechat: our merchant key pair (we sign requests; the gateway checks them with the public half),
 *           the platform key pair (the gateway signs answers and notifications; we verify), the APIv3 key.
 *   alipay: our application key pair and Alipay's key pair, the same way round.
 * A restart keeps the keys, so payments made before it still verify.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { keptInDataDir } from '../secrets';

export type DemoKeys = {
  wechat: {
    appid: string;
    mchid: string;
    merchantSerial: string;
    merchantPrivateKey: string;
    merchantPublicKey: string;
    platformKeyId: string;
    platformPrivateKey: string;
    platformPublicKey: string;
    apiV3Key: string;
  };
  alipay: { appId: string; appPrivateKey: string; appPublicKey: string; alipayPrivateKey: string; alipayPublicKey: string };
};

function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

export function makeDemoKeys(): DemoKeys {
  const merchant = rsaPair();
  const platform = rsaPair();
  const app = rsaPair();
  const ali = rsaPair();
  return {
    wechat: {
      appid: 'wx' + randomBytes(8).toString('hex'),
      mchid: '19' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0'),
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      merchantPrivateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      platformKeyId: 'PUB_KEY_ID_' + randomBytes(16).toString('hex').toUpperCase(),
      platformPrivateKey: platform.privateKey,
      platformPublicKey: platform.publicKey,
      apiV3Key: randomBytes(16).toString('hex'), // 32 characters, used as 32 bytes of key
    },
    alipay: {
      appId: '90210' + String(Math.floor(Math.random() * 1e11)).padStart(11, '0'),
      appPrivateKey: app.privateKey,
      appPublicKey: app.publicKey,
      alipayPrivateKey: ali.privateKey,
      alipayPublicKey: ali.publicKey,
    },
  };
}

let cached: DemoKeys | null = null;

export function demoKeys(): DemoKeys {
  cached ??= JSON.parse(keptInDataDir('payment-sandbox.json', () => JSON.stringify(makeDemoKeys(), null, 2))) as DemoKeys;
  return cached;
}
