/**
 * The outbox (docs/outbox.md): an event is written in the transaction that causes it and delivered
 * after the commit — never when the transaction rolls back, once however many dispatchers drain at
 * once (two pools on PostgreSQL stand for two instances), again after a crash left it undelivered
 * (the sweep's tick), and with backoff while its handler fails, until it shows as failing.
 */
import { eq, gt, inArray, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepOnce } from '@/lib/server/bootstrap';
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_FIRST_MS } from '@/lib/server/outbox/limits';
import { getDb, openDb, withTx, type Db, type DbHandle } from '@/lib/server/db/client';
import { outboxEvents } from '@/lib/server/db/schema';
import { deliverOutbox } from '@/lib/server/flows/outbox-delivery';
import { emit } from '@/lib/server/outbox/emit';
import { setSmsProvider, type SmsMessage } from '@/lib/server/sms/provider';
import { GET as dashboardGet } from '@/app/api/v1/admin/dashboard/route';
import { GET as outboxGet } from '@/app/api/v1/admin/outbox/route';
import { POST as resendPost } from '@/app/api/v1/admin/outbox/[id]/resend/route';
import type { Dashboard } from '@/lib/server/views/dashboard';
import type { FailingEvent } from '@/lib/server/modules/outbox';
import { auditRows, loginOperator } from './admin-session';
import { ctx, fails, loginNew, ok, req, type Shopper } from './session';

const onPostgres = process.env.TEST_DB === 'postgres';

let sent: SmsMessage[] = [];
/** The Idempotency-Key each SMS went out with, by afterSaleNo. */
let keys: Map<string, (string | undefined)[]> = new Map();
let failing: string | null = null;
beforeAll(() =>
  setSmsProvider({
    send: async (m, key) => {
      // A little time per send, so two dispatchers draining together really overlap.
      await new Promise((r) => setTimeout(r, 2));
      if (failing) throw new Error(failing);
      sent.push(m);
      if ('afterSaleNo' in m.params) keys.set(m.params.afterSaleNo, [...(keys.get(m.params.afterSaleNo) ?? []), key]);
    },
  }),
);
afterAll(() => setSmsProvider(null));
beforeEach(() => {
  sent = [];
  keys = new Map();
  failing = null;
});

const approved = (afterSaleNo: string) => ({ template: 'after_sale_approved' as const, params: { afterSaleNo } });
const smsEvent = (u: Shopper, afterSaleNo: string) => ({ kind: 'sms' as const, payload: { userId: u.userId, message: approved(afterSaleNo) } });
const sentAbout = (no: string) => sent.filter((m) => 'afterSaleNo' in m.params && m.params.afterSaleNo === no);

async function eventsAbout(no: string) {
  const db = await getDb();
  return db.select().from(outboxEvents).where(sql`${outboxEvents.payload} -> 'message' -> 'params' ->> 'afterSaleNo' = ${no}`);
}

/**
 * Events committed without the post-commit delivery: what a crash right after the commit leaves, once
 * the dead writer's lease on them has ended.
 */
async function committedUndelivered(events: { kind: 'sms'; payload: { userId: number; message: ReturnType<typeof approved> } }[]): Promise<void> {
  const db = await getDb();
  const [{ last }] = await db.select({ last: max(outboxEvents.id) }).from(outboxEvents);
  await db.transaction(async (tx) => {
    for (const e of events) await emit(tx, e);
  });
  await db.update(outboxEvents).set({ dueAt: new Date(Date.now() - 1000) }).where(gt(outboxEvents.id, last ?? 0));
}

/** Another instance: its own pool on this file's database (PostgreSQL), or this process's handle (PGlite). */
async function secondInstance(): Promise<DbHandle | null> {
  if (!onPostgres) return null;
  const db = await getDb();
  const [{ name }] = ((await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${name}`;
  return openDb({ url: url.toString() });
}

describe('outbox', () => {
  it('an event written in a transaction that rolls back is never written nor delivered', async () => {
    const u = await loginNew();
    const no = `RB${u.userId}`;
    await expect(
      withTx(async (tx) => {
        await emit(tx, smsEvent(u, no));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await sweepOnce();
    expect(await eventsAbout(no)).toEqual([]);
    expect(sentAbout(no)).toEqual([]);
  });

  it('an event committed by withTx is delivered right after the commit, once', async () => {
    const u = await loginNew();
    const no = `OK${u.userId}`;
    await withTx((tx) => emit(tx, smsEvent(u, no)));
    expect(sentAbout(no)).toEqual([{ phone: u.phone, ...approved(no) }]);
    const [e] = await eventsAbout(no);
    expect(e.deliveredAt).not.toBeNull();
    expect(e.attempts).toBe(1);
    await sweepOnce();
    expect(sentAbout(no)).toHaveLength(1);
  });

  it('a dedupe key writes its event once', async () => {
    const u = await loginNew();
    const no = `DK${u.userId}`;
    await withTx(async (tx) => {
      await emit(tx, smsEvent(u, no), `dk-${no}`);
      await emit(tx, smsEvent(u, no), `dk-${no}`);
    });
    expect(await eventsAbout(no)).toHaveLength(1);
    expect(sentAbout(no)).toHaveLength(1);
  });

  it('events a crash left undelivered after their commit go out at the sweep tick, once each', async () => {
    const u = await loginNew();
    const no = `CR${u.userId}`;
    await committedUndelivered([smsEvent(u, no)]);
    expect(sentAbout(no)).toEqual([]);
    expect(await sweepOnce()).toBe(true);
    expect(sentAbout(no)).toEqual([{ phone: u.phone, ...approved(no) }]);
    await sweepOnce();
    expect(sentAbout(no)).toHaveLength(1);
  });

  it('an SMS run again because a crash lost its delivered mark goes out under the same key, which the gateway keeps once', async () => {
    const u = await loginNew();
    const no = `KY${u.userId}`;
    await withTx((tx) => emit(tx, smsEvent(u, no)));
    const [e] = await eventsAbout(no);
    expect(keys.get(no)).toEqual([`outbox-${e.id}`]);
    // The process died after the send and before delivered_at; its lease has ended.
    const db = await getDb();
    await db.update(outboxEvents).set({ deliveredAt: null, dueAt: new Date(Date.now() - 1000) }).where(eq(outboxEvents.id, e.id));
    await sweepOnce();
    expect(keys.get(no)).toEqual([`outbox-${e.id}`, `outbox-${e.id}`]);
    const [again] = await eventsAbout(no);
    expect(again.deliveredAt).not.toBeNull();
    expect(again.attempts).toBe(2);
  });

  it('two dispatchers draining 50 events at once deliver each exactly once', async () => {
    const u = await loginNew();
    const nos = Array.from({ length: 50 }, (_, i) => `TW${u.userId}-${i}`);
    await committedUndelivered(nos.map((no) => smsEvent(u, no)));
    const other = await secondInstance();
    try {
      const [a, b] = await Promise.all([deliverOutbox(), deliverOutbox((other?.db ?? (await getDb())) as Db)]);
      expect(a + b).toBeGreaterThanOrEqual(50);
      for (const no of nos) expect(sentAbout(no)).toHaveLength(1);
      const db = await getDb();
      const rows = await db.select().from(outboxEvents).where(inArray(sql`${outboxEvents.payload} -> 'message' -> 'params' ->> 'afterSaleNo'`, nos));
      expect(rows.filter((r) => r.deliveredAt !== null)).toHaveLength(50);
      // Each was tried once by its writer (which died) and claimed once after: never twice.
      expect(rows.every((r) => r.attempts === 2)).toBe(true);
    } finally {
      await other?.close();
    }
  });

  it('a handler that throws is tried again with backoff, then no longer by itself', async () => {
    const u = await loginNew();
    const no = `FL${u.userId}`;
    failing = 'sms provider answered 503';
    const before = Date.now();
    await withTx((tx) => emit(tx, smsEvent(u, no)));
    let [e] = await eventsAbout(no);
    expect(e.deliveredAt).toBeNull();
    expect(e.attempts).toBe(1);
    expect(e.lastError).toContain('sms provider answered 503');
    expect(e.dueAt.getTime()).toBeGreaterThanOrEqual(before + OUTBOX_RETRY_FIRST_MS);
    expect(e.dueAt.getTime()).toBeLessThan(Date.now() + OUTBOX_RETRY_FIRST_MS + 1000);

    // Not due yet: the sweep leaves it.
    await sweepOnce();
    [e] = await eventsAbout(no);
    expect(e.attempts).toBe(1);

    // Due again and still failing: the next wait doubles.
    const db = await getDb();
    await db.update(outboxEvents).set({ dueAt: new Date(Date.now() - 1) }).where(eq(outboxEvents.id, e.id));
    const second = Date.now();
    await sweepOnce();
    [e] = await eventsAbout(no);
    expect(e.attempts).toBe(2);
    expect(e.dueAt.getTime()).toBeGreaterThanOrEqual(second + 2 * OUTBOX_RETRY_FIRST_MS);

    // Its last try used up: not tried again, however due.
    await db.update(outboxEvents).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, dueAt: new Date(Date.now() - 1) }).where(eq(outboxEvents.id, e.id));
    await sweepOnce();
    await db.update(outboxEvents).set({ dueAt: new Date(Date.now() - 1) }).where(eq(outboxEvents.id, e.id));
    failing = null;
    await sweepOnce();
    [e] = await eventsAbout(no);
    expect(e.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(e.deliveredAt).toBeNull();
    expect(sentAbout(no)).toEqual([]);
  });

  it('a failed event delivered on a later try sends its SMS once', async () => {
    const u = await loginNew();
    const no = `LT${u.userId}`;
    failing = 'timeout';
    await withTx((tx) => emit(tx, smsEvent(u, no)));
    expect(sentAbout(no)).toEqual([]);
    failing = null;
    const db = await getDb();
    await db.update(outboxEvents).set({ dueAt: new Date(Date.now() - 1) }).where(sql`${outboxEvents.payload} -> 'message' -> 'params' ->> 'afterSaleNo' = ${no}`);
    await sweepOnce();
    expect(sentAbout(no)).toEqual([{ phone: u.phone, ...approved(no) }]);
    const [e] = await eventsAbout(no);
    expect(e.attempts).toBe(2);
    expect(e.deliveredAt).not.toBeNull();
    expect(e.lastError).toBeNull();
  });

  it('the console lists an event that keeps failing (待重试的通知) and 重新发送 delivers it, audited', async () => {
    const op = await loginOperator();
    const u = await loginNew();
    const no = `CO${u.userId}`;
    const dashboard = () => ok<Dashboard>(dashboardGet, req('GET', '/admin/dashboard', undefined, { token: op.token }));
    const listed = async () => (await ok<{ total: number; items: FailingEvent[] }>(outboxGet, req('GET', '/admin/outbox', undefined, { token: op.token }))).items.find((i) => i.kind === 'sms' && i.lastError?.includes(no));
    const before = (await dashboard()).failingNotices;
    failing = `provider down for ${no}`;
    await withTx((tx) => emit(tx, smsEvent(u, no)));
    const [e] = await eventsAbout(no);
    // Two failed tries are not yet shown; the third is.
    const db = await getDb();
    await db.update(outboxEvents).set({ attempts: 2 }).where(eq(outboxEvents.id, e.id));
    expect(await listed()).toBeUndefined();
    await db.update(outboxEvents).set({ attempts: OUTBOX_MAX_ATTEMPTS }).where(eq(outboxEvents.id, e.id));
    expect((await dashboard()).failingNotices).toBe(before + 1);
    expect(await listed()).toMatchObject({ id: e.id, kindLabel: '短信通知', attempts: OUTBOX_MAX_ATTEMPTS, givenUp: true, nextTryAt: null });

    // A shopper is no operator.
    await fails(403, resendPost, req('POST', `/admin/outbox/${e.id}/resend`, {}, { token: u.token }), ctx({ id: e.id }));
    failing = null;
    expect(await ok<{ delivered: boolean }>(resendPost, req('POST', `/admin/outbox/${e.id}/resend`, {}, { token: op.token }), ctx({ id: e.id }))).toEqual({ delivered: true });
    expect(sentAbout(no)).toEqual([{ phone: u.phone, ...approved(no) }]);
    expect(await listed()).toBeUndefined();
    expect((await dashboard()).failingNotices).toBe(before);
    expect((await auditRows('outbox_event', e.id)).map((r) => r.action)).toEqual(['outbox.resend']);
    // Delivered: nothing to send again; no such event: 404.
    expect(await fails(409, resendPost, req('POST', `/admin/outbox/${e.id}/resend`, {}, { token: op.token }), ctx({ id: e.id }))).toContain('已发送');
    await fails(404, resendPost, req('POST', '/admin/outbox/999999999/resend', {}, { token: op.token }), ctx({ id: 999999999 }));
    expect(sentAbout(no)).toHaveLength(1);
  });
});
