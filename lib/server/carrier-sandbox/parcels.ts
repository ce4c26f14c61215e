/**
 * The demo carrier under /sandbox/carrier (demo mode only), which plays 快递100 to the shop
 * (docs/tracking.md#demo-carrier): it takes subscriptions (`poll`) and real-time queries
 * (`poll/query.do`) in 快递100's format, checking the demo key and the query's sign, and walks each
 * parcel 已揽收 (合肥) → 运输中 (the cities on the way) → 派送中 → 已签收 (a shopper's return the other
 * way: collected in the shopper's city, signed for at the warehouse), one step every
 * DEMO_CARRIER_STEP_S seconds, pushing each step to the shop's callback signed with the waybill's salt.
 * The next step's time is in the table, so the sweep carries on after a restart or on another
 * instance; `advanceParcel` is the demo's "next step now".
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { COMPANY_ADDRESS } from '../../site';
import { shopDateTime } from '../../domain/shop-time';
import { demoCarrierKeys, pushSign, querySign, signsEqual, type CarrierReply, type CarrierResult } from '../carrier/kuaidi100';
import { getDb } from '../db/client';
import { sandboxParcels, sandboxPickups } from '../db/schema';
import { pushForm } from './push-form';
import { settings } from '../settings/settings';

type Parcel = typeof sandboxParcels.$inferSelect;
type ParcelEvent = Parcel['events'][number];

/** The demo's step time: DEMO_CARRIER_STEP_S (environment, seconds ≥ 1) or the constant. */
const stepSeconds = () => settings().DEMO_CARRIER_STEP_S;

/** The hubs a parcel from 合肥 passes on its way to each province (the destination city comes after them). */
const HUBS: Record<string, string[]> = {
  北京: ['徐州', '济南'],
  天津: ['徐州', '济南'],
  河北: ['徐州', '济南'],
  山西: ['郑州'],
  内蒙古: ['郑州', '太原'],
  辽宁: ['济南', '天津'],
  吉林: ['天津', '沈阳'],
  黑龙江: ['天津', '沈阳'],
  上海: ['南京'],
  江苏: ['南京'],
  浙江: ['南京', '杭州'],
  安徽: ['合肥'],
  福建: ['杭州'],
  江西: ['九江'],
  山东: ['徐州'],
  河南: ['阜阳'],
  湖北: ['六安', '武汉'],
  湖南: ['武汉'],
  广东: ['南昌', '赣州'],
  广西: ['长沙', '桂林'],
  海南: ['长沙', '广州'],
  重庆: ['武汉'],
  四川: ['武汉', '重庆'],
  贵州: ['长沙', '怀化'],
  云南: ['长沙', '贵阳'],
  西藏: ['武汉', '成都'],
  陕西: ['郑州'],
  甘肃: ['郑州', '西安'],
  青海: ['西安', '兰州'],
  宁夏: ['郑州', '西安'],
  新疆: ['西安', '兰州'],
  香港: ['广州'],
  澳门: ['广州'],
  台湾: ['厦门'],
};

const short = (place: string) => place.replace(/(维吾尔|壮族|回族)?自治区$|特别行政区$|省$|市$/, '');

const WAREHOUSE = `${COMPANY_ADDRESS.addressRegion}${COMPANY_ADDRESS.addressLocality}`;

/** The province and city of "江苏省南京市", "江苏省南京市玄武区" or "北京市东城区": 江苏, 南京 (北京, 北京). */
function placeOf(at: string): { province: string; city: string } {
  const m = /^(.+?(?:省|自治区|特别行政区|市))(.*)$/.exec(at.trim());
  const province = short(m?.[1] ?? at);
  const city = /^.+?(?:市|自治州|州|盟|地区)/.exec(m?.[2] ?? '')?.[0];
  return { province, city: short(city || m?.[1] || at) || province };
}

/**
 * The places of a parcel's steps from `to` ("江苏省南京市", "北京市"): 合肥, the hubs on the way (two or
 * three cities counting the destination's), the destination city.
 */
function routeTo(to: string): string[] {
  const { province, city } = placeOf(to);
  const hubs = (HUBS[Object.keys(HUBS).find((p) => province.startsWith(p)) ?? ''] ?? ['南京']).filter((h) => h !== city);
  return [short(COMPANY_ADDRESS.addressLocality), ...hubs, city];
}

/**
 * Where a parcel is collected and the places of its steps. The shop's parcels leave the warehouse
 * (`from` is its city); a parcel sent from anywhere else to the warehouse (a shopper's return, whose
 * `from` names the county too) is collected in the sender's city and takes the way back.
 */
function routeOf(from: string, to: string): { route: string[]; pickup: string | null } {
  if (!from || from === WAREHOUSE || to !== WAREHOUSE) return { route: routeTo(to), pickup: null };
  const { province, city } = placeOf(from);
  return { route: routeTo(from).reverse(), pickup: `${province},${city}市`.slice(0, 40) };
}

/** Step `n` (1-based) of a parcel on `route`: its event and 快递100 state code; null past 已签收. */
function stepEvent({ route, pickup }: Pick<Parcel, 'route' | 'pickup'>, n: number, at: Date, courier = '王师傅 13800000000'): ParcelEvent | null {
  const time = shopDateTime(at);
  const last = route.length + 2; // 揽收, the hubs and the destination's hub, 派送, 签收
  const dest = route[route.length - 1];
  const ev = (context: string, areaName: string, status: string, statusCode: string) => ({ time, ftime: time, context, areaName, status, statusCode });
  if (n === 1) {
    return pickup
      ? ev(`【${route[0]}市】快递员已上门揽收，揽投员：${courier}`, pickup, '揽收', '103')
      : ev(`【${route[0]}市】量盾科技仓库 已揽收，揽投员：${courier}`, `安徽,${route[0]}市`, '揽收', '103');
  }
  if (n < last - 1) {
    const here = route[n - 1];
    const next = route[n];
    return n - 1 === route.length - 1
      ? ev(`快件已到达【${here}转运中心】，准备派送`, here, '在途', '1001')
      : ev(`快件已到达【${here}转运中心】，正发往【${next}转运中心】`, here, '在途', '1002');
  }
  if (n === last - 1) return ev(`【${dest}】快递员李师傅正在派送，请保持电话畅通`, dest, '派件', '5');
  if (n === last) return ev(`【${dest}】已签收，签收人：${pickup ? '量盾科技仓库' : '本人'}。感谢使用，期待再次为您服务`, dest, '签收', '301');
  return null;
}

const isSigned = (p: Pick<Parcel, 'events'>) => p.events[0]?.statusCode === '301';

/** A parcel's state code now: its newest event's, or 0 (在途) before the first. */
const stateOf = (p: Pick<Parcel, 'events'>) => p.events[0]?.statusCode ?? '0';

const reply = (ok: boolean, returnCode: string, message: string): CarrierReply => ({ result: ok, returnCode, message });

type SubscribeParam = { company?: unknown; number?: unknown; key?: unknown; from?: unknown; to?: unknown; parameters?: { callbackurl?: unknown; salt?: unknown } };

/** `POST /sandbox/carrier/poll`: schema=json, param={company, number, key, to, parameters: {callbackurl, salt}}. */
export async function acceptSubscription(fields: URLSearchParams): Promise<CarrierReply> {
  let p: SubscribeParam;
  try {
    p = JSON.parse(fields.get('param') ?? '') as SubscribeParam;
  } catch {
    return reply(false, '500', '参数错误：param 不是 JSON');
  }
  if (fields.get('schema') !== 'json') return reply(false, '700', '参数错误：schema');
  if (typeof p?.key !== 'string' || p.key !== demoCarrierKeys().key) return reply(false, '600', '授权 key 无效');
  const company = typeof p.company === 'string' ? p.company : '';
  const number = typeof p.number === 'string' ? p.number : '';
  const callbackUrl = typeof p.parameters?.callbackurl === 'string' ? p.parameters.callbackurl : '';
  if (!/^[a-z0-9]{1,20}$/.test(company) || !/^[A-Za-z0-9]{1,40}$/.test(number) || !/^https?:\/\//.test(callbackUrl)) return reply(false, '700', '参数错误');
  const salt = typeof p.parameters?.salt === 'string' ? p.parameters.salt.slice(0, 64) : null;
  const db = await getDb();
  const [row] = await db
    .insert(sandboxParcels)
    .values({
      company,
      number,
      callbackUrl,
      salt,
      ...routeOf(typeof p.from === 'string' ? p.from : '', typeof p.to === 'string' ? p.to : ''),
      nextStepAt: new Date(Date.now() + stepSeconds() * 1000),
    })
    .onConflictDoNothing()
    .returning({ id: sandboxParcels.id });
  return row ? reply(true, '200', '提交成功') : reply(false, '501', '重复订阅');
}

/** What 快递100 reports of a parcel: lastResult of a push, the answer of a query. */
function resultOf(p: Parcel): CarrierResult {
  return { message: 'ok', status: '200', state: stateOf(p), ischeck: isSigned(p) ? '1' : '0', com: p.company, nu: p.number, data: p.events };
}

/** `POST /sandbox/carrier/poll/query.do`: customer, sign = MD5(param + key + customer), param={com, num}. */
export async function answerQuery(fields: URLSearchParams): Promise<CarrierResult | CarrierReply> {
  const k = demoCarrierKeys();
  const param = fields.get('param') ?? '';
  if (fields.get('customer') !== k.customer || !signsEqual(fields.get('sign') ?? '', querySign(param, k.key, k.customer))) return reply(false, '601', '验证签名失败');
  let q: { com?: unknown; num?: unknown };
  try {
    q = JSON.parse(param) as typeof q;
  } catch {
    return reply(false, '500', '参数错误：param 不是 JSON');
  }
  const db = await getDb();
  const [p] = await db
    .select()
    .from(sandboxParcels)
    .where(and(eq(sandboxParcels.company, String(q?.com ?? '')), eq(sandboxParcels.number, String(q?.num ?? ''))));
  if (!p) return reply(false, '500', '查询无结果，请隔段时间再查');
  return resultOf(p);
}

/** Pushes a parcel's whole record to the shop, signed as 快递100 signs it: param and MD5(param + salt). */
async function push(p: Parcel): Promise<void> {
  const param = JSON.stringify({ status: isSigned(p) ? 'shutdown' : 'polling', message: '', lastResult: resultOf(p) });
  const fields: Record<string, string> = { param };
  if (p.salt) fields.sign = pushSign(param, p.salt);
  await pushForm(p.callbackUrl, fields, { number: p.number, state: stateOf(p) }, 'sandbox carrier push');
}

/** The courier a 上门取件 booking sent for this waybill ("刘建国 18377162887"), who collects it; undefined for any other parcel. */
async function bookedCourier(db: Awaited<ReturnType<typeof getDb>>, p: Pick<Parcel, 'number'>): Promise<string | undefined> {
  const [b] = await db
    .select({ name: sandboxPickups.courierName, mobile: sandboxPickups.courierMobile })
    .from(sandboxPickups)
    .where(eq(sandboxPickups.kuaidinum, p.number))
    .limit(1);
  return b?.name && b.mobile ? `${b.name} ${b.mobile}` : undefined;
}

/**
 * One step of a parcel, now: a guarded update (the step it read) makes one caller the one that moves
 * it, who then pushes. Answers the parcel after it, or as it is when already signed.
 */
async function step(p: Parcel): Promise<Parcel> {
  // 快递100's times are whole seconds: each step a second after the one before (and after the
  // subscription) at least, so a walk advanced quickly still reads in order.
  const last = p.events[0] ? new Date(`${p.events[0].time.replace(' ', 'T')}+08:00`).getTime() : p.createdAt.getTime();
  const db = await getDb();
  const next = stepEvent(p, p.step + 1, new Date(Math.ceil(Math.max(Date.now(), last + 1000) / 1000) * 1000), p.step === 0 ? await bookedCourier(db, p) : undefined);
  if (!next) return p;
  const signed = next.statusCode === '301';
  const [moved] = await db
    .update(sandboxParcels)
    .set({
      step: p.step + 1,
      events: [next, ...p.events],
      nextStepAt: signed ? null : sql`now() + ${stepSeconds()} * interval '1 second'`,
    })
    .where(and(eq(sandboxParcels.id, p.id), eq(sandboxParcels.step, p.step)))
    .returning();
  if (!moved) return p;
  await push(moved);
  return moved;
}

/** `POST /sandbox/carrier/advance`: the parcel of `trackingNo` takes its next step now; null when there is none. */
export async function advanceParcel(trackingNo: string): Promise<{ state: string; step: number } | null> {
  const db = await getDb();
  const [p] = await db.select().from(sandboxParcels).where(eq(sandboxParcels.number, trackingNo.toUpperCase())).orderBy(asc(sandboxParcels.id)).limit(1);
  if (!p) return null;
  const after = await step(p);
  return { state: stateOf(after), step: after.step };
}

/** The sweep's part in demo mode: every parcel whose next step is due takes it. */
export async function sweepParcels(): Promise<number> {
  const db = await getDb();
  const due = await db.select().from(sandboxParcels).where(lte(sandboxParcels.nextStepAt, sql`now()`)).orderBy(asc(sandboxParcels.nextStepAt)).limit(100);
  let moved = 0;
  for (const p of due) if ((await step(p)) !== p) moved++;
  return moved;
}
