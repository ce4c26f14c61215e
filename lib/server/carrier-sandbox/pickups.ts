/**
 * The demo carrier's 商家寄件 (上门取件, docs/tracking.md#demo-carrier), demo mode only: it takes bOrder and
 * cancel at `/sandbox/carrier/order/borderapi.do` in 快递100's format, checking the key and the sign
 * MD5(param + t + key + secret), and plays the courier: a booking is given a task and order id; one step
 * later (DEMO_CARRIER_STEP_S, on the sweep, or 「模拟快递员」) a courier takes it (a name, a phone and the
 * waybill), the step after that the courier collects the parcel. Each step is pushed to the booking's
 * callback signed MD5(param + salt), so the shop checks it with the code it uses in live mode. A cancel
 * is taken until the parcel is collected and refused after; one guarded update per step decides a race.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { demoCarrierKeys, signsEqual } from '../carrier/kuaidi100';
import { borderCallbackSign, borderSign, demoBorderSecret, type BorderReply } from '../carrier/kuaidi100-border';
import { getDb } from '../db/client';
import { sandboxPickups } from '../db/schema';
import { pushForm } from './push-form';
import { settings } from '../settings/settings';

type Pickup = typeof sandboxPickups.$inferSelect;

/** The demo's couriers: who comes to the door. */
const COURIERS = ['刘建国', '陈志强', '王海涛', '李明辉', '赵永刚', '孙立军', '周国平', '吴海峰'];
/** What the demo charges for a return parcel, in yuan as 快递100 reports `freight`. */
const DEMO_FREIGHT = '12.00';
/** Each carrier's waybill prefix in the demo (快递100's company codes). */
const PREFIX: Record<string, string> = { shunfeng: 'SF', jd: 'JDV', zhongtong: 'ZT', yuantong: 'YT', yunda: 'YD', ems: 'EMS', shentong: 'ST' };

const reply = (ok: boolean, returnCode: string, message: string, data?: BorderReply['data']): BorderReply => ({ result: ok, returnCode, message, ...(data ? { data } : {}) });

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

type BookParam = Record<string, unknown>;

/** `POST /sandbox/carrier/order/borderapi.do`: method, key, t, sign, param — bOrder books, cancel cancels. */
export async function answerBorder(fields: URLSearchParams): Promise<BorderReply> {
  const param = fields.get('param') ?? '';
  const t = fields.get('t') ?? '';
  const key = demoCarrierKeys().key;
  if (fields.get('key') !== key) return reply(false, '600', '授权 key 无效');
  if (!/^\d{10,16}$/.test(t) || !signsEqual(fields.get('sign') ?? '', borderSign(param, t, key, demoBorderSecret()))) return reply(false, '601', '验证签名失败');
  let p: BookParam;
  try {
    p = JSON.parse(param) as BookParam;
  } catch {
    return reply(false, '500', '参数错误：param 不是 JSON');
  }
  if (!p || typeof p !== 'object') return reply(false, '500', '参数错误：param');
  const method = fields.get('method');
  if (method === 'bOrder') return book(p);
  if (method === 'cancel') return cancel(p);
  return reply(false, '500', '参数错误：method');
}

async function book(p: BookParam): Promise<BorderReply> {
  const kuaidicom = str(p.kuaidicom, 20);
  const callbackUrl = str(p.callBackUrl, 500);
  const sendAddr = str(p.sendManPrintAddr, 200);
  const dayType = str(p.dayType, 8);
  const start = str(p.pickupStartTime, 5);
  const end = str(p.pickupEndTime, 5);
  if (!/^[a-z0-9]{1,20}$/.test(kuaidicom) || !/^https?:\/\//.test(callbackUrl) || !sendAddr || !str(p.sendManName, 40) || !str(p.sendManMobile, 20) || !str(p.recManPrintAddr, 200)) {
    return reply(false, '500', '参数错误：寄件人、收件人或回调地址');
  }
  if (!['今天', '明天', '后天'].includes(dayType) || !/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end) || end <= start) return reply(false, '500', '参数错误：预约时间');
  const db = await getDb();
  const [row] = await db
    .insert(sandboxPickups)
    .values({
      taskId: randomBytes(16).toString('hex').toUpperCase(),
      orderId: `${Date.now()}${digits(4)}`,
      kuaidicom,
      callbackUrl,
      salt: str(p.salt, 64) || null,
      sendAddr,
      dayType,
      pickupStart: start,
      pickupEnd: end,
      nextStepAt: new Date(Date.now() + settings().DEMO_CARRIER_STEP_S * 1000),
    })
    .returning();
  return reply(true, '200', '提交成功', { taskId: row.taskId, orderId: row.orderId });
}

async function cancel(p: BookParam): Promise<BorderReply> {
  const taskId = str(p.taskId, 64);
  const orderId = str(p.orderId, 64);
  const db = await getDb();
  const which = and(eq(sandboxPickups.taskId, taskId), eq(sandboxPickups.orderId, orderId));
  const [done] = await db.update(sandboxPickups).set({ status: '99', nextStepAt: null }).where(and(which, inArray(sandboxPickups.status, ['0', '1']))).returning({ id: sandboxPickups.id });
  if (done) return reply(true, '200', '取消成功');
  const [row] = await db.select({ status: sandboxPickups.status }).from(sandboxPickups).where(which);
  if (!row) return reply(false, '500', '订单不存在');
  if (row.status === '99') return reply(true, '200', '取消成功'); // a repeat after a lost answer
  return reply(false, '500', '快递员已取件，订单不能取消');
}

/** What a step pushes: the order's state, with the courier and the waybill once assigned and the freight once collected. */
async function push(p: Pickup): Promise<void> {
  const param = JSON.stringify({
    kuaidicom: p.kuaidicom,
    kuaidinum: p.kuaidinum ?? '',
    status: '200',
    message: '成功',
    data: {
      orderId: p.orderId,
      status: p.status,
      cancelMsg: '',
      courierName: p.courierName ?? '',
      courierMobile: p.courierMobile ?? '',
      ...(p.status === '10' ? { freight: DEMO_FREIGHT, weight: '1' } : {}),
    },
  });
  const fields: Record<string, string> = { taskId: p.taskId, param };
  if (p.salt) fields.sign = borderCallbackSign(param, p.salt);
  await pushForm(p.callbackUrl, fields, { taskId: p.taskId, status: p.status }, 'sandbox carrier pickup push');
}

/** The courier's next step now (0 → 1 a courier and a waybill, 1 → 10 collected): a guarded update; answers the row after it. */
async function step(p: Pickup): Promise<Pickup> {
  const next = p.status === '0' ? '1' : p.status === '1' ? '10' : null;
  if (!next) return p;
  const db = await getDb();
  const assign =
    next === '1'
      ? {
          courierName: COURIERS[randomInt(COURIERS.length)],
          courierMobile: `1${'35789'[randomInt(5)]}${digits(9)}`,
          kuaidinum: `${PREFIX[p.kuaidicom] ?? 'KD'}${digits(13)}`,
        }
      : {};
  const [moved] = await db
    .update(sandboxPickups)
    .set({ ...assign, status: next, nextStepAt: next === '10' ? null : sql`now() + ${settings().DEMO_CARRIER_STEP_S} * interval '1 second'` })
    .where(and(eq(sandboxPickups.id, p.id), eq(sandboxPickups.status, p.status)))
    .returning();
  if (!moved) return p;
  await push(moved);
  return moved;
}

/** 「模拟快递员」 of a pickup: the booking of `taskId` takes its next step now; null when there is none. */
export async function advancePickup(taskId: string): Promise<{ status: string } | null> {
  const db = await getDb();
  const [p] = await db.select().from(sandboxPickups).where(eq(sandboxPickups.taskId, taskId));
  if (!p) return null;
  return { status: (await step(p)).status };
}

/** The sweep's part in demo mode: every booking whose next step is due takes it. */
export async function sweepPickups(): Promise<number> {
  const db = await getDb();
  const due = await db.select().from(sandboxPickups).where(lte(sandboxPickups.nextStepAt, sql`now()`)).limit(100);
  let moved = 0;
  for (const p of due) if ((await step(p)) !== p) moved++;
  return moved;
}
