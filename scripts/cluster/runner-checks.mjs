/**
 * The cluster test's checks of `npm run cluster` itself (scripts/cluster.mjs, the real runner, on a scratch
 * database): `stop` and `status` with nothing running start nothing; a second start is refused; a forged
 * X-Forwarded-For through the front is not the address the shop uses; an instance SIGKILLed under checkout
 * and payment load through nginx is started again within RESTART_WITHIN_MS while the front keeps taking
 * paid orders; `stop` stops everything. docs/cluster.md#supervision-stop-and-status, docs/decisions/cluster-supervisor.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { fetchFrom, loopbackFor } from '../from-address.mjs';
import { createScratchDatabase } from '../scratch-database.mjs';
import { ROOT } from '../shop-server.mjs';

/** How soon a killed instance must answer again (nginx serves from the other one meanwhile). */
const RESTART_WITHIN_MS = 15_000;
const SHOPPERS = 6;
/** A service: stock for every order the load places. */
const PRODUCT = 10920;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The pid of the runner's child serving `port` (`node server.mjs -p <port>`), or null. */
function instancePid(runner, port) {
  let children = [];
  try {
    children = readFileSync(`/proc/${runner.pid}/task/${runner.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return children.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').includes(`server.mjs -p ${port} `);
    } catch {
      return false;
    }
  }) ?? null;
}

/** Runs `node scripts/cluster.mjs <args>` to its end (killed after `limitMs`): its exit status (null when killed) and output. */
function runCommand(args, env, limitMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'cluster.mjs'), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out: out.trim() });
    });
  });
}

async function answers(url) {
  try {
    return (await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(what, fn, limitMs) {
  const since = Date.now();
  while (Date.now() - since < limitMs) {
    if (await fn()) return Date.now() - since;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
}

/** One shopper's API call through `base`, from the shopper's own loopback address. */
async function api(base, method, p, { body, token, ip }) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (token) headers.token = token;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetchFrom(loopbackFor(ip), `${base}/api/v1${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(30_000) });
  const json = await res.json().catch(() => null);
  if (json?.resultCode !== 200) throw new Error(`${method} ${p}: ${res.status} ${json?.message ?? ''}`);
  return json.data;
}

async function shopper(base, i) {
  const ip = `10.39.3.${i + 1}`;
  const phone = `1370039100${i}`;
  const sms = await api(base, 'POST', '/auth/sms-code', { body: { phone }, ip });
  const { token } = await api(base, 'POST', '/auth/login', { body: { phone, code: sms.devCode, agree: true }, ip });
  return { ip, token, n: 0 };
}

/** Order → WeChat Native payment → the demo phone confirms (the gateway notifies the shop through the front) → the payment is 已支付. */
async function payOnce(base, s, skuId) {
  const key = `runner-${s.ip.replaceAll(".", "_")}-${++s.n}`;
  const { orderNo } = await api(base, 'POST', '/orders', { ...s, body: { items: [{ skuId, quantity: 1 }], idempotencyKey: key } });
  const { paymentNo, codeUrl } = await api(base, 'POST', '/payments', { ...s, body: { orderNo, channel: 'wechat_native' } });
  const confirm = await fetchFrom(loopbackFor(s.ip), `${base}${new URL(codeUrl).pathname}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  if (confirm.status !== 303 || new URL(confirm.headers.get('location') ?? '/', base).searchParams.has('error')) throw new Error(`确认支付: ${confirm.status} ${confirm.headers.get('location') ?? ''}`);
  const { status } = await api(base, 'GET', `/payments/${paymentNo}`, s);
  if (status !== 'succeeded') throw new Error(`payment ${paymentNo} is ${status} after 确认支付`);
}

/**
 * @param {{ port: number, work: string, say: (msg: string) => void, check: (name: string, ok: boolean, detail?: string) => void }} o
 *   port: the runner's front; its instances listen on the next two ports
 */
export async function runnerChecks({ port, work, say, check }) {
  const front = `http://127.0.0.1:${port}`;
  const instancePorts = [port + 1, port + 2];
  const scratch = await createScratchDatabase('shop_runner');
  const env = {
    ...process.env,
    CLUSTER_PORT: String(port),
    CLUSTER_INSTANCE_PORT: String(instancePorts[0]),
    CLUSTER_INSTANCES: '2',
    CLUSTER_SKIP_BUILD: '1',
    DATABASE_URL: scratch.url,
    DATA_DIR: path.join(work, 'runner-data'),
    SITE_URL: front,
    SHOP_MODE: 'demo',
  };
  delete env.TRUST_PROXY;
  let runner = null;
  try {
    // Nothing runs on the port: stop and status say so and start nothing.
    const idleStop = await runCommand(['stop'], env, 15_000);
    const idleStatus = await runCommand(['status'], env, 15_000);
    check('`npm run cluster -- stop` with no cluster: says so and starts nothing', idleStop.code === 0 && /no cluster/.test(idleStop.out) && !(await answers(front)), `exit ${idleStop.code}: ${idleStop.out.split('\n')[0]}`);
    check('`npm run cluster -- status` with no cluster: exit status 3', idleStatus.code === 3 && !(await answers(front)), `exit ${idleStatus.code}: ${idleStatus.out.split('\n')[0]}`);

    const log = openSync(path.join(work, 'runner.log'), 'a');
    runner = spawn(process.execPath, [path.join(ROOT, 'scripts', 'cluster.mjs')], { cwd: ROOT, env, stdio: ['ignore', log, log] });
    runner.exited = new Promise((resolve) => runner.once('exit', (code, signal) => resolve(code ?? signal)));
    const startMs = await waitFor('the runner\'s front', async () => {
      if (runner.exitCode !== null) throw new Error(`npm run cluster exited (${runner.exitCode}) before it served: see ${path.join(work, 'runner.log')}`);
      return answers(front);
    }, 120_000);
    say(`npm run cluster (pid ${runner.pid}) serves on :${port} after ${(startMs / 1000).toFixed(1)} s`);

    const running = await runCommand(['status'], env, 15_000);
    check('status of a running cluster: exit 0, both instances healthy', running.code === 0 && instancePorts.every((p) => new RegExp(`:${p}\\s+pid \\d+\\s+healthy`).test(running.out)), running.out.replace(/\n\s*/g, ' | '));
    const second = await runCommand([], env, 20_000);
    check('a second start on the same port is refused, the first goes on', second.code === 1 && /already runs/.test(second.out) && (await answers(front)), `exit ${second.code}: ${second.out.split('\n').at(-1)}`);

    // A client naming its own address through the front: the shop records the connection's.
    const db = new pg.Client({ connectionString: scratch.url });
    await db.connect();
    try {
      const phone = '13700391099';
      const res = await fetch(`${front}/api/v1/auth/sms-code`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '1.2.3.4' }, body: JSON.stringify({ phone }) });
      const seen = (await db.query('select ip from sms_codes where phone = $1', [phone])).rows.map((r) => r.ip);
      check('a forged X-Forwarded-For: 1.2.3.4 through the front: the shop sees 127.0.0.1', res.status === 200 && seen.length === 1 && seen[0] === '127.0.0.1', `${res.status}, sms_codes.ip ${seen.join(', ') || 'none'}`);
    } finally {
      await db.end();
    }

    await killUnderLoad({ front, instancePorts, runner, say, check });

    const stopped = await runCommand(['stop'], env, 40_000);
    const runnerGone = await Promise.race([runner.exited.then(() => true), sleep(5000).then(() => false)]);
    const stillAnswering = [];
    for (const p of [port, ...instancePorts]) if (await answers(`http://127.0.0.1:${p}`)) stillAnswering.push(p);
    const after = await runCommand(['status'], env, 15_000);
    check('`npm run cluster -- stop`: the runner, nginx and both instances are gone, the pid file too', stopped.code === 0 && runnerGone && !stillAnswering.length && !existsSync(path.join(ROOT, '.cluster', `cluster-${port}.pid`)) && after.code === 3,
      `exit ${stopped.code}, runner ${runnerGone ? 'exited' : 'still running'}, answering: ${stillAnswering.join(', ') || 'none'}, status then ${after.code}`);
  } finally {
    if (runner && runner.exitCode === null && runner.signalCode === null) {
      runner.kill('SIGTERM');
      await Promise.race([runner.exited, sleep(20_000)]);
    }
    await scratch.drop().catch((err) => say(`could not drop ${scratch.url}: ${err.message}`));
  }
}

/**
 * Shoppers pay orders through the front; the second instance of the runner gets SIGKILL. The front must
 * go on: every checkout that began a second after the kill is paid (nginx sends it to the survivor), and
 * paid orders keep coming while the instance is down; the runner starts it again within RESTART_WITHIN_MS.
 */
async function killUnderLoad({ front, instancePorts, runner, say, check }) {
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(front, i)));
  const skuId = (await api(front, 'GET', `/products/${PRODUCT}`, { ip: '10.39.3.99' })).skus[0].id;
  for (const s of shoppers) await payOnce(front, s, skuId); // every route warm on both instances
  const victimPort = instancePorts[1];
  const victim = instancePid(runner, victimPort);
  if (!victim) throw new Error(`no child of the runner (pid ${runner.pid}) serves :${victimPort}`);

  const done = []; // { start, end, ok, error }
  let kill = 0;
  let stopAt = Infinity;
  const loops = shoppers.map(async (s) => {
    while (Date.now() < stopAt) {
      const start = Date.now();
      try {
        await payOnce(front, s, skuId);
        done.push({ start, end: Date.now(), ok: true });
      } catch (err) {
        done.push({ start, end: Date.now(), ok: false, error: err.message });
        await sleep(50);
      }
    }
  });
  await sleep(3000);
  process.kill(victim, 'SIGKILL');
  kill = Date.now();
  say(`SIGKILL to instance :${victimPort} (pid ${victim}) after ${done.filter((d) => d.ok).length} paid orders under load`);
  let backMs = null;
  try {
    backMs = await waitFor(`instance :${victimPort} back`, async () => {
      const pid = instancePid(runner, victimPort);
      return pid !== null && pid !== victim && (await answers(`http://127.0.0.1:${victimPort}`));
    }, RESTART_WITHIN_MS + 5000);
  } catch {}
  const back = backMs === null ? Infinity : kill + backMs;
  stopAt = Date.now() + 2000; // and a little load with both instances again
  await Promise.all(loops);

  const paidWhileDown = done.filter((d) => d.ok && d.end > kill && d.end < back).length;
  const late = done.filter((d) => d.start >= kill + 1000);
  const lateFailed = late.filter((d) => !d.ok);
  const atKill = done.filter((d) => !d.ok && d.start < kill + 1000);
  say(`kill: ${paidWhileDown} orders paid while :${victimPort} was down, ${late.length - lateFailed.length}/${late.length} checkouts begun ≥1 s after the kill paid, ${atKill.length} cut by the kill; back after ${backMs} ms`);
  check(`the runner started the killed instance again within ${RESTART_WITHIN_MS / 1000} s`, backMs !== null && backMs <= RESTART_WITHIN_MS && runner.exitCode === null, backMs === null ? 'not back' : `${backMs} ms`);
  check('the front kept taking paid orders while it was down', paidWhileDown > 0, `${paidWhileDown} paid`);
  check('every checkout begun a second after the kill was paid', late.length > 0 && lateFailed.length === 0, lateFailed.length ? lateFailed.slice(0, 3).map((d) => d.error).join('; ') : `${late.length} paid`);
}
