/**
 * The shop's own server (server.mjs, docs/cluster.md): what shared caches may keep, whose address the
 * per-IP limit counts, and what happens at start when the database cannot be opened or the build
 * was made for another SITE_URL; a client that goes away mid-body is no server error. The start-up
 * cases spawn their own servers from the same build.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SMS_PER_IP_HOUR } from '../../lib/server/sms/limits';
import { startShop, waitForHealth } from '../../scripts/shop-server.mjs';
import { E2E_PORT } from './env';
import { newPhone } from './login';

const XRW = { 'X-Requested-With': 'XMLHttpRequest' };

test.describe('shared-cache lifetimes', () => {
  test('public pages are kept a minute by shared caches, never a year', async ({ request }) => {
    for (const path of ['/', '/proc/10909', '/helpCenter']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const cc = res.headers()['cache-control'];
      expect(cc, path).toContain('s-maxage=60');
      expect(cc, path).toMatch(/stale-while-revalidate=\d+/);
      expect(cc, path).not.toContain('31536000');
    }
  });

  test('a cached page answered again from the server’s memory is the whole page, without its cache tags', async ({ request }) => {
    for (const path of ['/ProductList?category=services', '/proc/10909', '/About']) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await request.get(path, { headers: { 'Accept-Encoding': 'identity' } });
        expect(res.status(), path).toBe(200);
        expect(res.headers()['x-shop-page-tags'], path).toBeUndefined();
        expect(res.headers()['x-next-cache-tags'], path).toBeUndefined();
        const body = await res.text();
        expect(Number(res.headers()['content-length']), path).toBe(Buffer.byteLength(body));
        expect(body, path).toContain('</html>');
        answers.push(body);
      }
      expect(answers[1], path).toBe(answers[0]);
      expect(answers[2], path).toBe(answers[0]);
    }
  });

  test('the console and every not-found answer are stored by nobody', async ({ request }) => {
    for (const path of ['/admin', '/admin/orders', '/no-such-page', '/proc/99999999']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['cache-control'], path).toBe('private, no-store');
    }
  });
});

/** Starts `node server.mjs` on `port` with `env`; resolves with its output once it exits or `until` matches it. */
function runServer(port: number, env: Record<string, string | undefined>, until?: RegExp) {
  const child = startShop({
    port,
    env: { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const done = new Promise<{ code: number | null; output: string }>((resolve) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (until?.test(output)) resolve({ code: null, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => resolve({ code, output }));
  });
  return { child, done };
}

test.describe('start-up', () => {
  test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
  test.describe.configure({ timeout: 120_000 });

  test('a PostgreSQL it cannot reach ends the start with a message naming it, without its password', async () => {
    const started = Date.now();
    const { code, output } = await runServer(E2E_PORT + 7, { DATABASE_URL: 'postgres://shop:s3cret-pw@127.0.0.1:1/shop' }).done;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(output).toContain('量盾商城无法启动：无法打开数据库 PostgreSQL postgres://shop@127.0.0.1:1/shop');
    expect(output).toContain('The shop cannot start');
    expect(output).toContain('ECONNREFUSED');
    expect(output).not.toContain('s3cret-pw');
    expect(output).not.toContain('ready on');
  });

  test('a PGlite data dir it cannot open ends the start too', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-bad-data-'));
    const file = path.join(dir, 'not-a-dir');
    writeFileSync(file, '');
    try {
      const { code, output } = await runServer(E2E_PORT + 8, { DATABASE_URL: '', DATA_DIR: file }).done;
      expect(code).toBe(1);
      expect(output).toContain(`无法打开数据库 PGlite (${file}/pglite)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a build made for another SITE_URL is announced; forged client addresses do not escape the per-IP limit', async ({ playwright }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-other-site-'));
    const port = E2E_PORT + 9;
    const server = runServer(port, { DATABASE_URL: '', DATA_DIR: dir, SITE_URL: 'https://shop.example.cn', TRUST_PROXY: '' }, /ready on|health check failed/);
    try {
      const { output } = await server.done;
      expect(output).toContain('本构建的规范链接（canonical）指向');
      expect(output).toContain('SITE_URL=https://shop.example.cn npm run build');
      expect(output).toContain('ready on');

      // No TRUST_PROXY: every request below comes from 127.0.0.1, whatever it says about itself.
      const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders: XRW });
      const statuses: number[] = [];
      for (let i = 0; i <= SMS_PER_IP_HOUR; i++) {
        const res = await api.post('/api/v1/auth/sms-code', {
          data: { phone: newPhone() },
          headers: { 'X-Real-IP': `10.9.8.${i + 1}`, 'X-Forwarded-For': `10.7.6.${i + 1}` },
        });
        statuses.push(res.status());
      }
      await api.dispose();
      expect(statuses.slice(0, SMS_PER_IP_HOUR)).toEqual(Array(SMS_PER_IP_HOUR).fill(200));
      expect(statuses.at(-1)).toBe(429);
    } finally {
      server.child.kill('SIGTERM');
      await server.child.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Sends the head of a POST announcing `length` bytes, then `sent` of them slowly, then drops the connection. */
function dropMidBody(port: number, path: string, headers: Record<string, string>, length: number, sent: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      const head = Object.entries({ host: `127.0.0.1:${port}`, 'x-requested-with': 'XMLHttpRequest', 'content-length': String(length), ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      socket.write(sent.subarray(0, sent.length >> 1));
      setTimeout(() => {
        socket.write(sent.subarray(sent.length >> 1));
        setTimeout(() => socket.destroy(), 300);
      }, 300);
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

test.describe('a client that goes away', () => {
  test.skip(({ isMobile }) => isMobile, 'the server is the same for every device');
  test.describe.configure({ timeout: 120_000 });

  test('slow bodies dropped by the client mid-way are logged at info, without a stack; the server answers the next request', async ({ playwright }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-client-gone-'));
    const port = E2E_PORT + 6;
    const child = startShop({
      port,
      env: { ...process.env, NODE_ENV: 'production', SHOP_MODE: 'demo', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'info', DATABASE_URL: '', DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, child);
      const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders: XRW });
      const phone = newPhone();
      const sent = await (await api.post('/api/v1/auth/sms-code', { data: { phone } })).json();
      const login = await (await api.post('/api/v1/auth/login', { data: { phone, code: sent.data.devCode, agree: true } })).json();
      expect(login.resultCode, login.message).toBe(200);
      const before = output.length;

      const lead = Buffer.from('{"name":"张先生","phone":"13800138000","company":"量盾科技"');
      const boundary = 'x-shop-test';
      const photo = Buffer.concat([Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`), Buffer.alloc(64 * 1024, 1)]);
      await Promise.all([
        ...Array.from({ length: 5 }, () => dropMidBody(port, '/api/v1/leads', { 'content-type': 'application/json' }, 4000, lead)),
        ...Array.from({ length: 5 }, () =>
          dropMidBody(port, '/api/v1/uploads', { 'content-type': `multipart/form-data; boundary=${boundary}`, token: login.data.token }, 1024 * 1024, photo),
        ),
      ]);
      // The server is fine and answers as before.
      expect((await api.get('/api/v1/health')).status()).toBe(200);
      await api.dispose();
      await new Promise((r) => setTimeout(r, 500));

      const lines = output.slice(before).split('\n').filter(Boolean);
      const gone = lines.filter((l) => l.includes('client went away'));
      // Each request the server had begun to read says so once (one dropped before Next routed it says nothing).
      expect(gone.length, output.slice(before)).toBeGreaterThan(0);
      expect(gone.length).toBeLessThanOrEqual(10);
      for (const l of gone) expect(JSON.parse(l)).toMatchObject({ level: 30, msg: 'client went away', method: 'POST' });
      expect(lines.filter((l) => /"level":(50|60)/.test(l) || /^\s+at /.test(l) || /\berror\b/i.test(l)), output.slice(before)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
