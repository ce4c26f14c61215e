/**
 * The cluster test's checks of `npm run cluster` itself (scripts/cluster.mjs, the real runner, on a scratch
 * database): `stop` and `status` with nothing running start nothing; a second start is refused; a forged
 * X-Forwarded-For through the front is not the address the shop uses; nginx's limit_req and access log;
 * then ten shoppers through the front (scripts/cluster/shopper-load.mjs) while each instance in turn and
 * nginx's master get SIGKILL for KILL_ROUNDS rounds, and while `npm run cluster -- reload` deploys: no
 * failed request, nothing written twice, every process back within RESTART_WITHIN_MS, every instance on
 * the new build; `stop` closes every port. docs/cluster.md#supervision-stop-and-status,
 * docs/decisions/cluster-supervisor.md.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startGateway } from '../bench/gateway.mjs';
import { fetchFrom, loopbackFor } from '../from-address.mjs';
import { createScratchDatabase } from '../scratch-database.mjs';
import { ROOT } from '../shop-server.mjs';
import { pruneDists } from './deploy.mjs';
import { ANON_POST_LIMIT } from './nginx.mjs';
import { holdersOf, isListening } from './ports.mjs';
import { shoppersOn, startLoad, writtenOnce } from './shopper-load.mjs';

/** How soon a killed instance must answer again (nginx serves from the other one meanwhile). */
const RESTART_WITHIN_MS = 15_000;
/** How long a kill round waits for the killed process before it gives up on it. */
const BACK_AT_LAST_MS = 60_000;
const SHOPPERS = 10;
/** Rounds of kills: each instance in turn, then nginx's master. */
const KILL_ROUNDS = Number(process.env.CLUSTER_KILL_ROUNDS || 5);
/** A service: stock for every order the load places. */
const PRODUCT = 10920;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
  let gateway = null;
  await forgetDeploys(port);
  try {
    // The demo gateways in a process apart (as the bench runs them), as WeChat Pay would be: the shop's
    // calls to the gateway do not pass through the front the test kills; its notifications do.
    mkdirSync(env.DATA_DIR, { recursive: true });
    const gatewayLog = openSync(path.join(work, 'runner-gateway.log'), 'a');
    gateway = await startGateway({ port: port + 5, env, dataDir: env.DATA_DIR, database: 'postgres', stdio: ['ignore', gatewayLog, gatewayLog] });
    env.DEMO_GATEWAY_URL = gateway.origin;
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

    await limitChecks({ front, check });
    const probe = await fetch(`${front}/api/v1/health`);
    await probe.arrayBuffer();
    const requestId = probe.headers.get('x-request-id');
    await sleep(200);
    const line = readFileSync(path.join(ROOT, '.cluster', 'logs', `access-${port}.log`), 'utf8').split('\n').find((l) => requestId && l.includes(`"request_id":"${requestId}"`));
    let entry = null;
    try {
      entry = JSON.parse(line ?? '');
    } catch {}
    check("nginx's access log: one JSON line with the X-Request-Id the client was given", Boolean(entry) && entry.status === 200 && entry.uri === '/api/v1/health' && /^127\.0\.0\.1:\d+$/.test(entry.upstream) && entry.client === '127.0.0.1', line ?? `no line for ${requestId}`);

    const db2 = new pg.Client({ connectionString: scratch.url });
    await db2.connect();
    try {
      await availability({ front, port, env, db: db2, say, check });
    } finally {
      await db2.end();
    }
    const status2 = await runCommand(['status'], env, 15_000);
    say(status2.out.replace(/\n\s*/g, ' | '));

    const ports = [port, ...Object.keys(pidsOf(port)?.instances ?? {}).map(Number), ...instancePorts];
    const stopped = await runCommand(['stop'], env, 40_000);
    const runnerGone = await Promise.race([runner.exited.then(() => true), sleep(5000).then(() => false)]);
    const open = [...new Set(ports)].filter(isListening);
    const after = await runCommand(['status'], env, 15_000);
    check('`npm run cluster -- stop`: the runner, nginx and every instance gone, every port of the cluster closed, the pid file too', stopped.code === 0 && runnerGone && !open.length && !existsSync(path.join(ROOT, '.cluster', `cluster-${port}.pid`)) && after.code === 3,
      `exit ${stopped.code} (${stopped.out.split('\n').at(-1)}), runner ${runnerGone ? 'exited' : 'still running'}, open: ${open.map((p) => `${p} by ${holdersOf(p).join(', ')}`).join('; ') || 'none'}, status then ${after.code}`);
  } finally {
    if (runner && runner.exitCode === null && runner.signalCode === null) {
      runner.kill('SIGTERM');
      await Promise.race([runner.exited, sleep(20_000)]);
    }
    await forgetDeploys(port);
    await gateway?.stop();
    await scratch.drop().catch((err) => say(`could not drop ${scratch.url}: ${err.message}`));
  }
}

/** The test's reload leaves a copied build that a later start would serve: removed with its record. */
async function forgetDeploys(port) {
  await pruneDists(port, null);
  rmSync(path.join(ROOT, '.cluster', `cluster-${port}.dist`), { force: true });
}

/** The runner's pid file (scripts/cluster/control.mjs): its instances' pids by port, nginx's pid. */
function pidsOf(port) {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, '.cluster', `cluster-${port}.pid`), 'utf8'));
  } catch {
    return null;
  }
}

async function buildOf(base) {
  try {
    const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    return (await res.json())?.data?.build ?? null;
  } catch {
    return null;
  }
}

/** The failed steps of `steps` begun in [from, to): none may fail (the client retries what is safe). */
function failedBetween(steps, from, to) {
  const within = steps.filter((d) => d.at >= from && d.at < to);
  return { within, failed: within.filter((d) => !d.ok) };
}
const describe = (failed) => failed.slice(0, 3).map((d) => `${d.what}: ${d.error}`).join('; ');

/**
 * nginx's limit_req in front of the anonymous POSTs: one address sending 60 at once meets a 429 in
 * Chinese with Retry-After past its burst, while another address is served.
 */
async function limitChecks({ front, check }) {
  const post = (ip) => fetchFrom(loopbackFor(ip), `${front}/api/v1/leads`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: '{}' });
  const answers429 = [];
  const statuses = {};
  await Promise.all(Array.from({ length: 60 }, async () => {
    const res = await post('10.39.5.1');
    const body = await res.text();
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 429) answers429.push({ body, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type') });
  }));
  const first = answers429[0];
  let json = null;
  try {
    json = JSON.parse(first?.body ?? '');
  } catch {}
  check('60 anonymous POSTs at once from one address: past the burst a 429 with Retry-After and the Chinese envelope',
    answers429.length >= 60 - ANON_POST_LIMIT.burst - 5 && json?.resultCode === 429 && json?.message === '请求过于频繁，请稍后再试' && Number(first.retryAfter) > 0 && /json/.test(first.type ?? ''),
    `${JSON.stringify(statuses)}; ${first ? `${first.retryAfter} s, ${first.body}` : 'no 429'}`);
  const other = await post('10.39.5.2');
  await other.arrayBuffer();
  check('… while another address is served at once', other.status !== 429, String(other.status));
}

/**
 * The availability checks (docs/cluster.md#supervision-stop-and-status, #deploys-without-downtime): ten
 * shoppers browse, pay and write to 在线客服 through the front while, for KILL_ROUNDS rounds, each
 * instance in turn and then nginx's master alone get SIGKILL; then `npm run cluster -- reload` under the
 * same load. No request may fail, nothing may be written twice, every killed process answers again
 * within RESTART_WITHIN_MS and every instance ends on the new build.
 */
async function availability({ front, port, env, db, say, check }) {
  const skuId = (await api(front, 'GET', `/products/${PRODUCT}`, { ip: '10.39.3.99' })).skus[0].id;
  const shoppers = await shoppersOn(front, SHOPPERS);
  const load = startLoad({ front, shoppers, skuId, product: PRODUCT });
  await sleep(3000);
  const killsFrom = Date.now();
  const backTimes = [];
  const notBack = [];
  for (let round = 1; round <= KILL_ROUNDS; round++) {
    const rec = pidsOf(port);
    for (const instancePort of Object.keys(rec.instances).map(Number)) {
      const victim = pidsOf(port).instances[instancePort];
      process.kill(victim, 'SIGKILL');
      const killedAt = Date.now();
      try {
        // Waited for past the limit (and the time kept): the next kill must not find this one still down.
        await waitFor(`instance :${instancePort}`, async () => {
          const pid = pidsOf(port)?.instances[instancePort];
          return pid && pid !== victim && (await answers(`http://127.0.0.1:${instancePort}`));
        }, BACK_AT_LAST_MS);
        backTimes.push({ what: `:${instancePort}`, ms: Date.now() - killedAt, from: killedAt, to: Date.now() });
      } catch {
        notBack.push(`round ${round} :${instancePort}`);
      }
      await sleep(1000);
    }
    const nginx = pidsOf(port).nginx;
    process.kill(nginx, 'SIGKILL');
    const killedAt = Date.now();
    try {
      await waitFor('nginx', async () => {
        const pid = pidsOf(port)?.nginx;
        return pid && pid !== nginx && (await answers(front));
      }, BACK_AT_LAST_MS);
      backTimes.push({ what: 'nginx', ms: Date.now() - killedAt });
    } catch {
      notBack.push(`round ${round} nginx`);
    }
    await sleep(1000);
    say(`kill round ${round}: back after ${backTimes.slice(-3).map((b) => `${b.what} ${b.ms} ms`).join(', ')}`);
  }
  const killsTo = Date.now();
  await sleep(2000);
  const kills = failedBetween(load.steps, killsFrom - 3000, killsTo);
  const slowest = backTimes.reduce((m, b) => Math.max(m, b.ms), 0);
  check(`${KILL_ROUNDS} rounds of SIGKILL (each instance, then nginx's master): every process back within ${RESTART_WITHIN_MS / 1000} s`,
    !notBack.length && slowest <= RESTART_WITHIN_MS && runnerAlive(port), notBack.length ? `not back: ${notBack.join(', ')}` : `slowest ${slowest} ms; nginx ${backTimes.filter((b) => b.what === 'nginx').map((b) => b.ms).join('/')} ms`);
  const down = backTimes.filter((b) => b.what !== 'nginx');
  const paidWhileDown = load.steps.filter((d) => d.what === 'pay' && d.ok && down.some((b) => d.end > b.from && d.end < b.to)).length;
  check('the front kept taking paid orders while an instance was down', paidWhileDown > 0, `${paidWhileDown} paid during ${down.length} instance outages`);
  check('… under 10 shoppers browsing, paying and writing to 在线客服: 0 failed requests', kills.within.length > 0 && kills.failed.length === 0,
    `${kills.within.length - kills.failed.length}/${kills.within.length} steps done${kills.failed.length ? `: ${describe(kills.failed)}` : ''}`);

  // The reload, under the same load.
  const before = await Promise.all(Object.keys(pidsOf(port).instances).map((p) => buildOf(`http://127.0.0.1:${p}`)));
  const chunk = (await (await fetch(`${front}/proc/${PRODUCT}`)).text()).match(/\/_next\/static\/chunks\/[^"']+\.js/)?.[0];
  const stream = await openStream(front, shoppers[0]);
  const reloadFrom = Date.now();
  const reloaded = await runCommand(['reload'], env, 300_000);
  const reloadTo = Date.now();
  await sleep(2000);
  await load.stop();
  const after = pidsOf(port);
  const builds = await Promise.all(Object.keys(after.instances).map((p) => buildOf(`http://127.0.0.1:${p}`)));
  const newBuild = after.reload?.build;
  check('`npm run cluster -- reload`: exit 0, every instance on the new build afterwards', reloaded.code === 0 && Boolean(newBuild) && !before.includes(newBuild) && builds.every((b) => b === newBuild),
    `exit ${reloaded.code}: ${reloaded.out.split('\n').at(-1)}; builds ${before.join(', ')} → ${builds.join(', ')}`);
  say(`reload: ${((reloadTo - reloadFrom) / 1000).toFixed(1)} s; ${after.reload?.instances?.map((t) => `:${t.port} ${t.ms} ms`).join(', ')}`);
  const during = failedBetween(load.steps, reloadFrom, reloadTo);
  check('… under the same load: 0 failed requests', during.within.length > 0 && during.failed.length === 0,
    `${during.within.length - during.failed.length}/${during.within.length} steps done${during.failed.length ? `: ${describe(during.failed)}` : ''}`);
  const ended = await stream.ended(1000);
  const again = await openStream(front, shoppers[0]);
  check('… a 在线客服 stream open on an old instance was ended, and opens again on a new one', ended && again.status === 200, `ended ${ended}, again ${again.status}`);
  await again.close();
  const oldChunk = chunk ? await fetch(`${front}${chunk}`) : null;
  await oldChunk?.arrayBuffer();
  check('… a JS chunk of a page loaded before the reload still loads', oldChunk?.status === 200, `${chunk ?? 'no chunk found'}: ${oldChunk?.status}`);
  const all = failedBetween(load.steps, 0, Infinity);
  const once = await writtenOnce(db, shoppers);
  check('nothing written twice: each order, payment and message of the shoppers once', once.ok, `${once.orders}; ${once.payments}; ${once.messages}`);
  say(`load: ${all.within.length} steps, ${all.failed.length} failed; ${once.orders}; ${once.payments}; ${once.messages}`);
}

const runnerAlive = (port) => {
  const rec = pidsOf(port);
  return Boolean(rec) && readFileSync(`/proc/${rec.pid}/cmdline`, 'utf8').includes('cluster.mjs');
};

/** A shopper's 在线客服 stream through the front; `ended(ms)` says whether the server ended it. */
async function openStream(front, s) {
  const res = await fetch(`${front}/api/v1/support/conversations/${s.conversation}/stream`, { headers: { token: s.token } });
  const reader = res.body?.getReader();
  let done = false;
  const reading = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {}
    done = true;
  })();
  return {
    status: res.status,
    ended: async (ms) => {
      await Promise.race([reading, sleep(ms)]);
      return done;
    },
    close: () => reader?.cancel().catch(() => {}),
  };
}
